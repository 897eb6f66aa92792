import type { Tx } from '../db/client';
import { saleFigures } from './commission';
import { varketPlans, varketSales, varketSellers, varketSettings } from './tables';

const DAY = 86_400_000;

// Demo data is seeded with the demo project and stays hidden while varket is off (every
// API answers 404 and no menu shows it): when root switches it on, the pages are not empty.

const PLANS = [
  { name: 'Starter site', description: 'A one-page website.', price: 49_000, interval: 'once' as const },
  { name: 'Care plan', description: 'Updates and backups.', price: 2_900, interval: 'monthly' as const },
  { name: 'Brand kit', description: 'Logo, palette and type, yearly refresh.', price: 19_900, interval: 'yearly' as const },
];

/** Plans, three sellers (one of them the demo manager, who sees their own sales) and two months of sales. */
export async function seedDemoVarket(tx: Tx, projectId: string, memberId: string | null): Promise<void> {
  await tx.insert(varketSettings).values({ projectId, defaultCommissionRate: '10' });
  const plans = await tx
    .insert(varketPlans)
    .values(PLANS.map((p) => ({ ...p, projectId, currency: 'USD' })))
    .returning();
  const sellers = await tx
    .insert(varketSellers)
    .values([
      {
        projectId,
        name: 'Mateo Manager',
        email: 'manager@demo.test',
        userId: memberId,
        status: 'active' as const,
        nextPayoutOn: isoDay(Date.now() + 10 * DAY),
      },
      { projectId, name: 'Ana Affiliate', email: 'ana@affiliate.test', status: 'active' as const, commissionRate: '15', payoutDetails: 'Demo bank account' },
      { projectId, name: 'Bruno Partner', email: 'bruno@partner.test', status: 'invited' as const, commissionRate: '12.5' },
    ])
    .returning();
  const sales = [
    [0, 0, 2],
    [1, 1, 5],
    [2, 1, 9],
    [1, 0, 16],
    [0, 2, 24],
    [2, 0, 33],
    [1, 1, 41],
    [0, 1, 50],
  ] as const;
  await tx.insert(varketSales).values(
    sales.map(([p, s, daysAgo], i) => {
      const plan = plans[p];
      const seller = sellers[s];
      const rate = seller.commissionRate ?? '10';
      // The fourth sale was refunded in full a day later.
      const refunded = i === 3 ? plan.price : 0;
      return {
        projectId,
        planId: plan.id,
        sellerId: seller.id,
        customerRef: `CUST-${1001 + i}`,
        currency: plan.currency,
        gross: plan.price,
        refunded,
        rate,
        ...saleFigures(plan.price, refunded, rate),
        soldOn: isoDay(Date.now() - daysAgo * DAY),
        refundedOn: refunded ? isoDay(Date.now() - (daysAgo - 1) * DAY) : null,
      };
    }),
  );
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
