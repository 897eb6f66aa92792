import { invoicePayments, invoices } from '@/lib/invoices/tables';
import { storage } from '@/lib/storage';
import type { MatrixCase, ProjectName, World } from '../world';

let n = 0;
const line = { description: 'Matrix plan', quantity: '1', unitPrice: '10000' };
const draftBody = { currency: 'USD', issueDate: '2026-01-10', dueDate: '2030-01-10', lines: [line], taxes: [] };

/** An invoice of the named project, inserted as root would have issued it (a test invoice: what the test processor may pay). */
async function invoiceOf(w: World, project: ProjectName, status: 'draft' | 'sent' = 'sent', test = false) {
  const [row] = await w.db
    .insert(invoices)
    .values({
      projectId: w.project[project].id,
      number: `MTX-${Date.now().toString(36)}-${(n += 1)}`,
      status,
      test,
      currency: 'USD',
      issueDate: '2026-01-10',
      dueDate: '2030-01-10',
      lines: [line],
      taxes: [],
      breakdown: { lines: ['10000'], taxes: [] },
      subtotal: 10000n,
      discountTotal: 0n,
      taxTotal: 0n,
      total: 10000n,
    })
    .returning({ id: invoices.id });
  return row.id;
}

/** A pending payment on the invoice; with a proof whose bytes are JSON (the matrix client reads every answer as JSON). */
async function paymentOf(w: World, invoiceId: string, project: ProjectName, method: 'transfer' | 'crypto' = 'transfer') {
  const key = `invoices/${w.project[project].id}/${invoiceId}/${crypto.randomUUID()}`;
  await storage().put(key, new TextEncoder().encode('{"matrix":true}'), 'image/png');
  const [row] = await w.db
    .insert(invoicePayments)
    .values({
      invoiceId,
      projectId: w.project[project].id,
      method,
      status: 'pending',
      amount: 100n,
      proof: { key, name: 'proof.png', type: 'image/png', size: 15 },
      ...(method === 'crypto' && {
        provider: 'test',
        providerRef: `test_${crypto.randomUUID()}`,
        providerStatus: 'New',
        coin: 'BTC',
        coinAmount: 200n,
        rate: '50000',
        expiresAt: new Date(Date.now() + 900_000),
      }),
    })
    .returning({ id: invoicePayments.id });
  return row.id;
}

const at = (id: string, tail = '') => ({ path: `/api/invoices/${id}${tail}`, params: { id } });
const rootAt = (id: string, tail = '') => ({ path: `/api/root/invoices/${id}${tail}`, params: { id } });
const PDF = 'answers a PDF, not JSON: tests/integration/invoices.test.ts reads it';

export const cases: MatrixCase[] = [
  // Root side: root sees every project's invoices, so there is no "other project" to hide.
  { file: 'root/invoices/route.ts', method: 'GET', request: async () => ({ path: '/api/root/invoices?status=overdue' }) },
  {
    file: 'root/invoices/route.ts',
    method: 'POST',
    ok: 201,
    request: async (w) => ({ path: '/api/root/invoices', json: { ...draftBody, projectId: w.project.A.id } }),
  },
  { file: 'root/invoices/[id]/route.ts', method: 'GET', request: async (w) => rootAt(await invoiceOf(w, 'A')) },
  { file: 'root/invoices/[id]/route.ts', method: 'PATCH', request: async (w) => ({ ...rootAt(await invoiceOf(w, 'A', 'draft')), json: draftBody }) },
  { file: 'root/invoices/[id]/send/route.ts', method: 'POST', request: async (w) => rootAt(await invoiceOf(w, 'A', 'draft'), '/send') },
  { file: 'root/invoices/[id]/recurrence/route.ts', method: 'DELETE', request: async (w) => rootAt(await invoiceOf(w, 'A'), '/recurrence') },
  { file: 'root/invoices/[id]/void/route.ts', method: 'POST', request: async (w) => rootAt(await invoiceOf(w, 'A'), '/void') },
  { file: 'root/invoices/[id]/pdf/route.ts', method: 'GET', skipSuccess: PDF, request: async (w) => rootAt(await invoiceOf(w, 'A'), '/pdf') },
  {
    file: 'root/invoices/[id]/payments/route.ts',
    method: 'POST',
    ok: 201,
    request: async (w) => ({ ...rootAt(await invoiceOf(w, 'A'), '/payments'), json: { amount: '100' } }),
  },
  {
    file: 'root/invoices/[id]/payments/[paymentId]/route.ts',
    method: 'POST',
    request: async (w) => {
      const id = await invoiceOf(w, 'A');
      const paymentId = await paymentOf(w, id, 'A');
      return { path: `/api/root/invoices/${id}/payments/${paymentId}`, params: { id, paymentId }, json: { decision: 'confirm' } };
    },
  },
  {
    file: 'root/invoices/[id]/payments/[paymentId]/proof/route.ts',
    method: 'GET',
    request: async (w) => {
      const id = await invoiceOf(w, 'A');
      const paymentId = await paymentOf(w, id, 'A');
      return { path: `/api/root/invoices/${id}/payments/${paymentId}/proof`, params: { id, paymentId } };
    },
  },
  { file: 'root/invoices/settings/route.ts', method: 'GET', request: async () => ({ path: '/api/root/invoices/settings' }) },
  {
    file: 'root/invoices/settings/route.ts',
    method: 'PUT',
    request: async () => ({
      path: '/api/root/invoices/settings',
      json: { bankInstructions: 'IBAN XX00 0000', cryptoProvider: 'none', btcpayUrl: '', btcpayStoreId: '', btcpayApiKey: '', btcpayWebhookSecret: '' },
    }),
  },
  {
    file: 'root/invoices/billing/[projectId]/route.ts',
    method: 'GET',
    request: async (w) => ({ path: `/api/root/invoices/billing/${w.project.A.id}`, params: { projectId: w.project.A.id } }),
  },
  {
    file: 'root/invoices/billing/[projectId]/route.ts',
    method: 'PUT',
    request: async (w) => ({
      path: `/api/root/invoices/billing/${w.project.A.id}`,
      params: { projectId: w.project.A.id },
      json: { legalName: 'Matrix Ltd', address: '1 Main St', taxId: 'GB123456789' },
    }),
  },
  {
    file: 'root/invoices/preview/route.ts',
    method: 'POST',
    skipSuccess: PDF,
    request: async (w) => ({ path: '/api/root/invoices/preview', json: { ...draftBody, projectId: w.project.A.id } }),
  },
  // Project side.
  { file: 'invoices/route.ts', method: 'GET', request: async () => ({ path: '/api/invoices' }) },
  { file: 'invoices/[id]/route.ts', method: 'GET', scoped: true, request: async (w, p) => at(await invoiceOf(w, p)) },
  { file: 'invoices/[id]/pdf/route.ts', method: 'GET', scoped: true, skipSuccess: PDF, request: async (w, p) => at(await invoiceOf(w, p), '/pdf') },
  {
    file: 'invoices/[id]/quote/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => ({ ...at(await invoiceOf(w, p, 'sent', true), '/quote'), json: { coin: 'BTC', amount: '5000' } }),
  },
  {
    file: 'invoices/[id]/transfer/route.ts',
    method: 'POST',
    ok: 201,
    scoped: true,
    request: async (w, p) => {
      const form = new FormData();
      form.set('json', JSON.stringify({ amount: '100' }));
      form.set('proof', new Blob([new TextEncoder().encode('%PDF-1.4\n%matrix\n')], { type: 'application/pdf' }), 'proof.pdf');
      const encoded = new Request('http://x', { method: 'POST', body: form });
      return {
        ...at(await invoiceOf(w, p), '/transfer'),
        body: await encoded.arrayBuffer(),
        headers: { 'content-type': encoded.headers.get('content-type')! },
      };
    },
  },
  {
    file: 'invoices/[id]/payments/[paymentId]/simulate/route.ts',
    method: 'POST',
    scoped: true,
    request: async (w, p) => {
      const id = await invoiceOf(w, p, 'sent', true);
      const paymentId = await paymentOf(w, id, p, 'crypto');
      return { path: `/api/invoices/${id}/payments/${paymentId}/simulate`, params: { id, paymentId } };
    },
  },
  {
    file: 'invoices/[id]/payments/[paymentId]/proof/route.ts',
    method: 'GET',
    scoped: true,
    request: async (w, p) => {
      const id = await invoiceOf(w, p);
      const paymentId = await paymentOf(w, id, p);
      return { path: `/api/invoices/${id}/payments/${paymentId}/proof`, params: { id, paymentId } };
    },
  },
];
