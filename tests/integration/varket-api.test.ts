import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mySales from '@/app/api/varket/mySales/route';
import * as planRoute from '@/app/api/varket/plans/[id]/route';
import * as plansRoute from '@/app/api/varket/plans/route';
import * as refundRoute from '@/app/api/varket/sales/[id]/refund/route';
import * as csvRoute from '@/app/api/varket/sales/csv/route';
import * as salesRoute from '@/app/api/varket/sales/route';
import * as totalsRoute from '@/app/api/varket/sales/totals/route';
import * as sellerRoute from '@/app/api/varket/sellers/[id]/route';
import * as sellersRoute from '@/app/api/varket/sellers/route';
import * as settingsRoute from '@/app/api/varket/settings/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { projects } from '@/lib/projects/tables';
import { varketPlans, varketSales, varketSellers } from '@/lib/varket/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;
let other: Member;

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
  other = await w.memberOf('B', ALL);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
});

type Handler = Parameters<Member['client']['call']>[0];
const post = (who: Member, handler: Handler, path: string, json: unknown, extra: { params?: Record<string, string>; headers?: Record<string, string> } = {}) =>
  who.client.call(handler, path, { json, ...extra });
const get = (who: Member, handler: Handler, path: string) => who.client.call(handler, path, { method: 'GET' });

let seq = 0;
async function newPlan(who = staff, over: Record<string, unknown> = {}) {
  const res = await post(who, plansRoute.POST, '/api/varket/plans', { name: `Plan ${++seq}`, price: '4990', currency: 'USD', interval: 'monthly', ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.plan as { id: string; name: string };
}
async function newSeller(who = staff, over: Record<string, unknown> = {}) {
  const res = await post(who, sellersRoute.POST, '/api/varket/sellers', {
    name: `Seller ${++seq}`,
    email: `seller${seq}@example.test`,
    status: 'active',
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.seller as { id: string; name: string; effectiveRate: string; member: boolean } & Record<string, unknown>;
}
async function sell(planId: string, sellerId: string, gross: string, soldOn: string, who = staff) {
  const res = await post(who, salesRoute.POST, '/api/varket/sales', { planId, sellerId, customerRef: 'CUST-1', gross, soldOn });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.sale as { id: string; commission: number; net: number; rate: string; currency: string };
}

describe('varket plans and sellers', () => {
  it('refuses bad input in the caller language and stores nothing', async () => {
    const before = await db.db.select().from(varketPlans).where(eq(varketPlans.projectId, w.project.A.id));
    const bad = await post(
      staff,
      plansRoute.POST,
      '/api/varket/plans',
      { name: '', price: '-1', currency: 'XYZ', interval: 'weekly' },
      { headers: { 'accept-language': 'es' } },
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['currency', 'interval', 'name', 'price']);
    expect(bad.body.data.fields.name).toMatch(/obligatorio|requerido/i);
    expect(await db.db.select().from(varketPlans).where(eq(varketPlans.projectId, w.project.A.id))).toEqual(before);
  });

  it('creates, edits, archives and deletes a plan; one with sales only archives', async () => {
    const plan = await newPlan();
    const put = await staff.client.call(planRoute.PUT, `/api/varket/plans/${plan.id}`, {
      method: 'PUT',
      params: { id: plan.id },
      json: { name: plan.name, price: '5990', currency: 'USD', interval: 'yearly', status: 'archived' },
    });
    expect(put.status).toBe(200);
    expect(put.body.plan).toMatchObject({ price: 5990, interval: 'yearly', status: 'archived' });
    const dup = await post(staff, plansRoute.POST, '/api/varket/plans', { name: plan.name, price: '1', currency: 'USD', interval: 'once' });
    expect(dup.status).toBe(409);
    const del = await staff.client.call(planRoute.DELETE, `/api/varket/plans/${plan.id}`, { method: 'DELETE', params: { id: plan.id } });
    expect(del.status).toBe(200);

    const sold = await newPlan();
    const seller = await newSeller();
    await sell(sold.id, seller.id, '100', '2026-01-05');
    const refused = await staff.client.call(planRoute.DELETE, `/api/varket/plans/${sold.id}`, { method: 'DELETE', params: { id: sold.id } });
    expect(refused.status).toBe(409);
  });

  it('never answers the payout details, keeps them on an edit that omits them, and links a member by email', async () => {
    const seller = await newSeller(staff, { payoutDetails: 'IBAN ES00 1234', commissionRate: '12.5' });
    expect(JSON.stringify(seller)).not.toContain('IBAN');
    expect(seller).toMatchObject({ hasPayoutDetails: true, commissionRate: '12.5', effectiveRate: '12.5', member: false });
    const put = await staff.client.call(sellerRoute.PUT, `/api/varket/sellers/${seller.id}`, {
      method: 'PUT',
      params: { id: seller.id },
      json: { name: seller.name, email: staff.email, status: 'active', commissionRate: null, nextPayoutOn: '2026-02-01' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.seller).toMatchObject({ hasPayoutDetails: true, member: true, commissionRate: null, effectiveRate: '10', nextPayoutOn: '2026-02-01' });
    const [row] = await db.db.select().from(varketSellers).where(eq(varketSellers.id, seller.id));
    expect(row.payoutDetails).toBe('IBAN ES00 1234');
    const list = await get(staff, sellersRoute.GET, '/api/varket/sellers');
    expect(JSON.stringify(list.body)).not.toContain('IBAN');
  });
});

describe('varket sales', () => {
  it('computes commission and net with the invoices rounding (half away from zero) and the seller rate', async () => {
    const plan = await newPlan();
    const seller = await newSeller(staff, { commissionRate: '12.5' });
    // 12.5 % of 1 = 0.125 → 0; of 4 = 0.5 → 1 (half away from zero); of 4990 = 623.75 → 624.
    expect(await sell(plan.id, seller.id, '1', '2026-02-01')).toMatchObject({ commission: 0, net: 1, rate: '12.5', currency: 'USD' });
    expect(await sell(plan.id, seller.id, '4', '2026-02-01')).toMatchObject({ commission: 1, net: 3 });
    expect(await sell(plan.id, seller.id, '4990', '2026-02-02')).toMatchObject({ commission: 624, net: 4366 });
    // The project default applies to a seller without a rate, and a change of it is not retroactive.
    const plain = await newSeller();
    expect((await staff.client.call(settingsRoute.PUT, '/api/varket/settings', { method: 'PUT', json: { defaultCommissionRate: '7.5' } })).status).toBe(200);
    expect(await sell(plan.id, plain.id, '1000', '2026-02-03')).toMatchObject({ commission: 75, net: 925, rate: '7.5' });
  });

  it('refunds part then the rest, recomputing commission and net, and totals the month per seller', async () => {
    const plan = await newPlan();
    const seller = await newSeller(staff, { commissionRate: '10' });
    const a = await sell(plan.id, seller.id, '10000', '2026-03-10');
    await sell(plan.id, seller.id, '5005', '2026-03-31');
    await sell(plan.id, seller.id, '2000', '2026-04-01');
    const refund = (json: unknown) => post(staff, refundRoute.POST, `/api/varket/sales/${a.id}/refund`, json, { params: { id: a.id } });
    const tooMuch = await refund({ amount: '20000', refundedOn: '2026-03-12' });
    expect(tooMuch.status).toBe(400);
    // What is left reads as money, not as minor units.
    expect(tooMuch.body.data.fields.amount).toMatch(/^At most (\$|US\$|CA\$|€|£)?[\d,.]+\s?\S*? is left to refund\.$/);
    expect(tooMuch.body.data.fields.amount).not.toContain('10000');
    expect((await refund({ refundedOn: '2026-03-01' })).status).toBe(400);
    const partial = await refund({ amount: '2500', refundedOn: '2026-03-12' });
    expect(partial.body.sale).toMatchObject({ refunded: 2500, commission: 750, net: 6750 });
    const rest = await refund({ refundedOn: '2026-03-15' });
    expect(rest.body.sale).toMatchObject({ refunded: 10000, commission: 0, net: 0 });
    expect((await refund({ refundedOn: '2026-03-16' })).status).toBe(409);

    const totals = await get(staff, totalsRoute.GET, `/api/varket/sales/totals?from=2026-03&to=2026-04&sellerId=${seller.id}`);
    expect(totals.status).toBe(200);
    expect(totals.body.totals).toEqual([
      { sellerId: seller.id, sellerName: seller.name, month: '2026-04', currency: 'USD', sales: 1, gross: 2000, refunds: 0, commission: 200, net: 1800 },
      // 5005 at 10 % = 500.5 → 501 commission, 4504 net; the refunded sale keeps nothing.
      { sellerId: seller.id, sellerName: seller.name, month: '2026-03', currency: 'USD', sales: 2, gross: 15005, refunds: 10000, commission: 501, net: 4504 },
    ]);
    const march = await get(staff, salesRoute.GET, `/api/varket/sales?from=2026-03&to=2026-03&sellerId=${seller.id}`);
    expect(march.body.sales).toHaveLength(2);
  });

  it('refuses a future date, an archived plan, a suspended seller and another project’s ids, storing nothing', async () => {
    const plan = await newPlan();
    const seller = await newSeller();
    const count = async () => (await db.db.select().from(varketSales).where(eq(varketSales.projectId, w.project.A.id))).length;
    const before = await count();
    const attempt = (over: Record<string, unknown>) =>
      post(staff, salesRoute.POST, '/api/varket/sales', {
        planId: plan.id,
        sellerId: seller.id,
        customerRef: 'X',
        gross: '100',
        soldOn: '2026-01-01',
        ...over,
      });
    expect((await attempt({ soldOn: '2999-01-01' })).body.data.fields).toHaveProperty('soldOn');
    const foreignPlan = await newPlan(other);
    const foreignSeller = await newSeller(other);
    expect((await attempt({ planId: foreignPlan.id })).body.data.fields).toHaveProperty('planId');
    expect((await attempt({ sellerId: foreignSeller.id })).body.data.fields).toHaveProperty('sellerId');
    expect((await attempt({ gross: '0' })).status).toBe(400);
    const archived = await newPlan(staff, { status: 'archived' });
    expect((await attempt({ planId: archived.id })).body.data.fields).toHaveProperty('planId');
    await db.db.update(varketSellers).set({ status: 'suspended' }).where(eq(varketSellers.id, seller.id));
    expect((await attempt({})).body.data.fields).toHaveProperty('sellerId');
    expect(await count()).toBe(before);
    // Another project's objects answer 404 on their own paths.
    const put = await staff.client.call(planRoute.PUT, `/api/varket/plans/${foreignPlan.id}`, {
      method: 'PUT',
      params: { id: foreignPlan.id },
      json: { name: 'Stolen', price: '1', currency: 'USD', interval: 'once' },
    });
    expect(put.status).toBe(404);
    const list = await get(staff, plansRoute.GET, '/api/varket/plans');
    expect(list.body.plans.map((p: { id: string }) => p.id)).not.toContain(foreignPlan.id);
  });

  it('exports the period as CSV with exact decimals and defused formulas', async () => {
    const plan = await newPlan(staff, { currency: 'JPY', price: '500' });
    const seller = await newSeller(staff, { name: '=HYPERLINK("x")' });
    await sell(plan.id, seller.id, '1235', '2026-05-05');
    const req = new NextRequest('http://localhost:3000/api/varket/sales/csv?from=2026-05&to=2026-05', {
      headers: { host: 'localhost:3000', cookie: `${AUTH_COOKIE}=${staff.client.cookie}` },
    });
    const res = await csvRoute.GET(req, {});
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('date,seller,plan,customer,currency,gross,refunded,rate_percent,commission,net,refunded_on');
    expect(lines[1]).toBe(`2026-05-05,"'=HYPERLINK(""x"")",${plan.name},CUST-1,JPY,1235,0,7.5,93,1142,`);
  });

  it('shows a member who sells only their own sales', async () => {
    const seller = await w.memberOf('A', []);
    const plan = await newPlan();
    const mine = await newSeller(staff, { email: seller.email });
    expect(mine.member).toBe(true);
    const someoneElse = await newSeller();
    await sell(plan.id, mine.id, '300', '2026-06-01');
    await sell(plan.id, someoneElse.id, '700', '2026-06-02');
    const res = await get(seller, mySales.GET, '/api/varket/mySales?from=2026-06&to=2026-06');
    expect(res.status).toBe(200);
    expect(res.body.sales).toHaveLength(1);
    expect(res.body.sales[0]).toMatchObject({ sellerId: mine.id, gross: 300 });
    expect(res.body.totals).toHaveLength(1);
    // Without a permission, the staff lists stay closed to them.
    expect((await get(seller, salesRoute.GET, '/api/varket/sales?from=2026-06&to=2026-06')).status).toBe(403);
  });

  it('answers 404 everywhere while root has varket off', async () => {
    const [row] = await db.db.select({ extensions: projects.extensions }).from(projects).where(eq(projects.id, w.project.A.id));
    await db.db
      .update(projects)
      .set({ extensions: row.extensions.filter((x) => x !== 'varket') })
      .where(eq(projects.id, w.project.A.id));
    try {
      expect((await get(staff, plansRoute.GET, '/api/varket/plans')).status).toBe(404);
      expect((await get(staff, totalsRoute.GET, '/api/varket/sales/totals?from=2026-01&to=2026-01')).status).toBe(404);
      expect((await post(staff, sellersRoute.POST, '/api/varket/sellers', { name: 'X', email: 'x@example.test' })).status).toBe(404);
    } finally {
      await db.db.update(projects).set({ extensions: row.extensions }).where(eq(projects.id, w.project.A.id));
    }
  });
});
