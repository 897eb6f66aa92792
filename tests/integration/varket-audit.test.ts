import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as planRoute from '@/app/api/varket/plans/[id]/route';
import * as plansRoute from '@/app/api/varket/plans/route';
import * as refundRoute from '@/app/api/varket/sales/[id]/refund/route';
import * as salesRoute from '@/app/api/varket/sales/route';
import * as sellerRoute from '@/app/api/varket/sellers/[id]/route';
import * as sellersRoute from '@/app/api/varket/sellers/route';
import * as settingsRoute from '@/app/api/varket/settings/route';
import { auditLog } from '@/lib/audit/tables';
import type { Viewer } from '@/lib/auth/service';
import { viewerSidebar } from '@/lib/dashboard/sidebar';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;

const ALL = [
  'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__VIEW',
  'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__CREATE',
  'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__UPDATE',
  'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__DELETE',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__CREATE',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__UPDATE',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__DELETE',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__VIEW',
  'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__CREATE',
];

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ALL);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
});

const entries = () =>
  db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.projectId, w.project.A.id), like(auditLog.action, 'varket.%')))
    .orderBy(asc(auditLog.seq));

describe('varket audit', () => {
  it('logs every plan, seller, sale, refund and settings write, never the payout details', async () => {
    const plan = (await staff.client.call(plansRoute.POST, '/api/varket/plans', { json: { name: 'Pro', price: '4990', currency: 'USD', interval: 'monthly' } }))
      .body.plan;
    await staff.client.call(planRoute.PUT, `/api/varket/plans/${plan.id}`, {
      method: 'PUT',
      params: { id: plan.id },
      json: { name: 'Pro', price: '5990', currency: 'USD', interval: 'monthly', status: 'active' },
    });
    const seller = (
      await staff.client.call(sellersRoute.POST, '/api/varket/sellers', {
        json: { name: 'Ana', email: 'ana@example.test', status: 'active', payoutDetails: 'IBAN ES00 SECRET' },
      })
    ).body.seller;
    await staff.client.call(sellerRoute.PUT, `/api/varket/sellers/${seller.id}`, {
      method: 'PUT',
      params: { id: seller.id },
      json: { name: 'Ana', email: 'ana@example.test', status: 'suspended', payoutDetails: 'IBAN ES99 OTHER' },
    });
    await staff.client.call(sellerRoute.PUT, `/api/varket/sellers/${seller.id}`, {
      method: 'PUT',
      params: { id: seller.id },
      json: { name: 'Ana', email: 'ana@example.test', status: 'active' },
    });
    const sale = (
      await staff.client.call(salesRoute.POST, '/api/varket/sales', {
        json: { planId: plan.id, sellerId: seller.id, customerRef: 'C-1', gross: '1000', soldOn: '2026-01-05' },
      })
    ).body.sale;
    await staff.client.call(refundRoute.POST, `/api/varket/sales/${sale.id}/refund`, {
      json: { amount: '400', refundedOn: '2026-01-06' },
      params: { id: sale.id },
    });
    await staff.client.call(settingsRoute.PUT, '/api/varket/settings', { method: 'PUT', json: { defaultCommissionRate: '7.5' } });
    const spare = (await staff.client.call(plansRoute.POST, '/api/varket/plans', { json: { name: 'Spare', price: '1', currency: 'EUR', interval: 'once' } }))
      .body.plan;
    await staff.client.call(planRoute.DELETE, `/api/varket/plans/${spare.id}`, { method: 'DELETE', params: { id: spare.id } });

    const log = await entries();
    expect(log.map((e) => e.action)).toEqual([
      'varket.planCreate',
      'varket.planUpdate',
      'varket.sellerCreate',
      'varket.sellerUpdate',
      'varket.sellerUpdate',
      'varket.sale',
      'varket.refund',
      'varket.settings',
      'varket.planCreate',
      'varket.planDelete',
    ]);
    expect(log.every((e) => e.actorId === staff.userId)).toBe(true);
    expect(log[1]).toMatchObject({ targetType: 'varketPlan', targetId: plan.id, data: { name: 'Pro', changed: { price: { from: 4990, to: 5990 } } } });
    expect(log[2].data).toMatchObject({ name: 'Ana', status: 'active', payoutDetails: 'changed' });
    expect(log[3].data).toMatchObject({ changed: { status: { from: 'active', to: 'suspended' } }, payoutDetails: 'changed' });
    // An edit that leaves the payout details alone does not claim they changed.
    expect(log[4].data).not.toHaveProperty('payoutDetails');
    expect(log[5]).toMatchObject({ targetType: 'varketSale', targetId: sale.id, data: { gross: 1000, currency: 'USD', customerRef: 'C-1' } });
    expect(log[6].data).toMatchObject({ amount: 400, refunded: 400 });
    expect(log[7].data).toEqual({ defaultCommissionRate: { from: '10', to: '7.5' } });
    expect(JSON.stringify(log)).not.toMatch(/IBAN|SECRET|OTHER/);
  });

  it('a refused write leaves no entry', async () => {
    const before = (await entries()).length;
    const bad = await staff.client.call(plansRoute.POST, '/api/varket/plans', { json: { name: '', price: '-1', currency: 'X', interval: 'never' } });
    expect(bad.status).toBe(400);
    const dup = await staff.client.call(plansRoute.POST, '/api/varket/plans', { json: { name: 'Pro', price: '1', currency: 'USD', interval: 'once' } });
    expect(dup.status).toBe(409);
    expect(await entries()).toHaveLength(before);
  });
});

describe('varket "My sales" in the menu', () => {
  async function viewerOf(m: Member, permissions: string[]): Promise<Viewer> {
    const [p] = await db.db.select().from(projects).where(eq(projects.id, w.project.A.id));
    return {
      claims: {} as Viewer['claims'],
      user: { id: m.userId, name: 'M', email: m.email, avatar: null, status: 1, isRoot: false, timeZone: 'UTC' } as Viewer['user'],
      project: { id: p.id, key: p.key, name: p.name, status: p.status, extensions: p.extensions },
      profile: { id: m.profileId!, name: 'P', isRoot: false, permissions },
      actingAsAdmin: false,
    };
  }
  const mine = async (v: Viewer) => (await viewerSidebar(v, 'en')).flatMap((g) => g.items.map((i) => i.name));

  it('appears for a member once a seller is linked to them, and for no one else', async () => {
    const member = await w.memberOf('A', []);
    expect(await mine(await viewerOf(member, []))).not.toContain('varketMySales');
    // Staff with every marketplace permission but no seller of their own do not get it either.
    expect(await mine(await viewerOf(staff, ALL))).not.toContain('varketMySales');
    const res = await staff.client.call(sellersRoute.POST, '/api/varket/sellers', { json: { name: 'Linked', email: member.email, status: 'active' } });
    expect(res.body.seller.member).toBe(true);
    const items = await viewerSidebar(await viewerOf(member, []), 'en');
    expect(items.find((g) => g.group === 'extensions')?.items).toEqual([{ name: 'varketMySales', href: '/dashboard/extensions/varket/mySales' }]);
    // The marketplace switched off hides it again.
    const off = await viewerOf(member, []);
    expect(await mine({ ...off, project: { ...off.project!, extensions: [] } })).not.toContain('varketMySales');
  });
});
