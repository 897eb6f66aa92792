import { varketPlans, varketSales, varketSellers } from '@/lib/varket/tables';
import type { MatrixCase, ProjectName, World } from '../world';

// Varket (root-only extension): every id is looked up inside the caller's project.
let n = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

async function plan(w: World, p: ProjectName) {
  const [row] = await w.db
    .insert(varketPlans)
    .values({ projectId: w.project[p].id, name: unique('Plan'), price: 1000, currency: 'USD', interval: 'monthly' })
    .returning();
  return row;
}
async function seller(w: World, p: ProjectName) {
  const [row] = await w.db
    .insert(varketSellers)
    .values({ projectId: w.project[p].id, name: 'Matrix seller', email: `${unique('s')}@example.test`, status: 'active' })
    .returning();
  return row;
}
async function sale(w: World, p: ProjectName) {
  const [pl, se] = [await plan(w, p), await seller(w, p)];
  const [row] = await w.db
    .insert(varketSales)
    .values({
      projectId: w.project[p].id,
      planId: pl.id,
      sellerId: se.id,
      customerRef: 'C-1',
      currency: 'USD',
      gross: 1000,
      rate: '10',
      commission: 100,
      net: 900,
      soldOn: '2026-01-10',
    })
    .returning();
  return row;
}
const period = '?from=2026-01&to=2026-01';
const planBody = { name: 'Matrix plan', price: '1000', currency: 'USD', interval: 'monthly' };
const sellerBody = () => ({ name: 'Matrix seller', email: `${unique('m')}@example.test` });

export const cases: MatrixCase[] = [
  { file: 'varket/plans/route.ts', method: 'GET', request: async () => ({ path: '/api/varket/plans' }) },
  { file: 'varket/plans/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/varket/plans', json: { ...planBody, name: unique('Plan') } }) },
  {
    file: 'varket/plans/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      const { id } = await plan(w, p);
      return { path: `/api/varket/plans/${id}`, params: { id }, json: { ...planBody, name: unique('Plan') } };
    },
  },
  {
    file: 'varket/plans/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const { id } = await plan(w, p);
      return { path: `/api/varket/plans/${id}`, params: { id } };
    },
  },
  { file: 'varket/sellers/route.ts', method: 'GET', request: async () => ({ path: '/api/varket/sellers' }) },
  { file: 'varket/sellers/route.ts', method: 'POST', ok: 201, request: async () => ({ path: '/api/varket/sellers', json: sellerBody() }) },
  {
    file: 'varket/sellers/[id]/route.ts',
    method: 'PUT',
    scoped: true,
    request: async (w, p) => {
      const { id } = await seller(w, p);
      return { path: `/api/varket/sellers/${id}`, params: { id }, json: sellerBody() };
    },
  },
  {
    file: 'varket/sellers/[id]/route.ts',
    method: 'DELETE',
    scoped: true,
    request: async (w, p) => {
      const { id } = await seller(w, p);
      return { path: `/api/varket/sellers/${id}`, params: { id } };
    },
  },
  { file: 'varket/settings/route.ts', method: 'GET', request: async () => ({ path: '/api/varket/settings' }) },
  { file: 'varket/settings/route.ts', method: 'PUT', request: async () => ({ path: '/api/varket/settings', json: { defaultCommissionRate: '10' } }) },
  { file: 'varket/sales/route.ts', method: 'GET', request: async () => ({ path: `/api/varket/sales${period}` }) },
  {
    file: 'varket/sales/route.ts',
    method: 'POST',
    ok: 201,
    request: async (w, p) => {
      const [pl, se] = [await plan(w, p), await seller(w, p)];
      return { path: '/api/varket/sales', json: { planId: pl.id, sellerId: se.id, customerRef: 'C-2', gross: '1000', soldOn: '2026-01-15' } };
    },
  },
  {
    file: 'varket/sales/[id]/refund/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const { id } = await sale(w, p);
      return { path: `/api/varket/sales/${id}/refund`, params: { id }, json: { refundedOn: '2026-01-20' } };
    },
  },
  { file: 'varket/sales/totals/route.ts', method: 'GET', request: async () => ({ path: `/api/varket/sales/totals${period}` }) },
  {
    file: 'varket/sales/csv/route.ts',
    method: 'GET',
    skipSuccess: 'answers CSV, which the matrix client reads as JSON; varket-api.test.ts covers it',
    request: async () => ({ path: `/api/varket/sales/csv${period}` }),
  },
  { file: 'varket/mySales/route.ts', method: 'GET', request: async () => ({ path: `/api/varket/mySales${period}` }) },
];
