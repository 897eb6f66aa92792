import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rootAll from '@/app/api/root/invoices/route';
import * as rootOne from '@/app/api/root/invoices/[id]/route';
import * as rootPayments from '@/app/api/root/invoices/[id]/payments/route';
import * as settingsRoute from '@/app/api/root/invoices/settings/route';
import * as projectAll from '@/app/api/invoices/route';
import * as projectOne from '@/app/api/invoices/[id]/route';
import * as quote from '@/app/api/invoices/[id]/quote/route';
import * as simulate from '@/app/api/invoices/[id]/payments/[paymentId]/simulate/route';
import { emails } from '@/lib/mail/tables';
import type { InvoiceView, PaymentView } from '@/lib/invoices/schemas';
import { invoicePayments, invoices } from '@/lib/invoices/tables';
import { accountsDb } from './helpers/accounts';
import { inTestMode } from './helpers/invoices';
import { buildWorld, type Member, type World } from './matrix/world';

// Issue 28, item 1: the built-in test processor settled real invoices for anyone holding
// INVOICES__PAY (quote, then "simulate" → paid). Now it serves test invoices only: those issued
// while PAYMENTS_TEST is on, and the demo data's.

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let root: Member;
let manager: Member;
let owner: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  root = await w.signedIn({ root: true });
  // The probe's caller: a manager who may view and pay invoices, nothing more.
  manager = await w.memberOf('A', ['INVOICES__VIEW', 'INVOICES__PAY']);
  owner = await w.memberOf('A', 'root');
}, 60_000);
afterAll(async () => db?.cleanup());

async function issue(): Promise<InvoiceView> {
  const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
    json: {
      projectId: w.project.A.id,
      currency: 'USD',
      issueDate: '2026-03-01',
      dueDate: '2099-03-31',
      lines: [{ description: 'Plan', quantity: '1', unitPrice: '10000' }],
      send: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}
const open = (id: string) => manager.client.call(projectOne.GET, `/api/invoices/${id}`, { method: 'GET', params: { id } });
const askQuote = (id: string) => manager.client.call(quote.POST, `/api/invoices/${id}/quote`, { json: { coin: 'BTC', amount: '10000' }, params: { id } });
const settle = (id: string, paymentId: string) =>
  manager.client.call(simulate.POST, `/api/invoices/${id}/payments/${paymentId}/simulate`, { params: { id, paymentId } });
const rootView = async (id: string): Promise<InvoiceView> =>
  (await root.client.call(rootOne.GET, `/api/root/invoices/${id}`, { method: 'GET', params: { id } })).body.invoice;

describe('a real invoice', () => {
  it('takes no crypto without BTCPay, and the test processor cannot settle it (the probe)', async () => {
    const inv = await issue();
    const q = await askQuote(inv.id);
    expect(q.status, JSON.stringify(q.body)).toBe(409);
    expect(q.body.message).toBe('Crypto payments are not available for this invoice.');
    expect(inv.test).toBe(false);
    const opened = await open(inv.id);
    expect(opened.body.paying.crypto).toBeNull();

    // A test charge left from before the fix, on a real invoice: "simulate" does not exist for it.
    const [stale] = await db.db
      .insert(invoicePayments)
      .values({
        invoiceId: inv.id,
        projectId: w.project.A.id,
        method: 'crypto',
        status: 'pending',
        amount: 10000n,
        coin: 'BTC',
        coinAmount: 20000n,
        rate: '50000',
        expiresAt: new Date(Date.now() + 600_000),
        provider: 'test',
        providerRef: `test_${crypto.randomUUID()}`,
        providerStatus: 'New',
      })
      .returning();
    expect((await settle(inv.id, stale.id)).status).toBe(404);

    // Even a confirmed test payment (as the hole left them) never counts when the figures are recomputed.
    await db.db.update(invoicePayments).set({ status: 'confirmed' }).where(eq(invoicePayments.id, stale.id));
    const manual = await root.client.call(rootPayments.POST, `/api/root/invoices/${inv.id}/payments`, {
      json: { amount: '2500' },
      params: { id: inv.id },
    });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    const seen = await rootView(inv.id);
    expect([seen.status, seen.paid, seen.due]).toEqual(['partial', '2500', '7500']);
    // Root sees which processor each payment went through.
    expect(seen.payments.map((p: PaymentView) => [p.method, p.provider])).toEqual([
      ['crypto', 'test'],
      ['manual', null],
    ]);
  });
});

describe('test mode', () => {
  it('issues test invoices, which the test processor settles; root sees the processor and the label', async () => {
    const inv = await inTestMode(issue);
    expect(inv.test).toBe(true);
    const opened = await open(inv.id);
    expect(opened.body.paying.crypto).toBe('test');
    const q = await askQuote(inv.id);
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const charge = q.body.invoice.payments.find((p: PaymentView) => p.method === 'crypto');
    expect(charge.provider).toBe('test');
    const paid = await settle(inv.id, charge.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect([paid.body.invoice.status, paid.body.invoice.due]).toEqual(['paid', '0']);

    const seen = await rootView(inv.id);
    expect(seen.payments.map((p: PaymentView) => [p.provider, p.status])).toEqual([['test', 'confirmed']]);
    const listed = await manager.client.call(projectAll.GET, '/api/invoices', { method: 'GET' });
    expect(listed.body.invoices.find((i: InvoiceView) => i.id === inv.id).test).toBe(true);
    const mail = await db.db
      .select()
      .from(emails)
      .where(and(eq(emails.kind, 'invoice.issued'), eq(emails.to, owner.email)));
    expect(mail.find((m) => m.subject.includes(inv.number))?.subject).toMatch(/^\[Test\] /);

    // Test mode off again: what it issued stays a test invoice; what is issued now is real.
    const later = await issue();
    expect(later.test).toBe(false);
    const [row] = await db.db.select({ test: invoices.test }).from(invoices).where(eq(invoices.id, inv.id));
    expect(row.test).toBe(true);
  });
});

describe('settings', () => {
  it('offer no crypto by default, and no test processor to choose', async () => {
    const got = await root.client.call(settingsRoute.GET, '/api/root/invoices/settings', { method: 'GET' });
    expect(got.body.settings).toMatchObject({ cryptoProvider: 'none', paymentsTest: false });
    const chosen = await root.client.call(settingsRoute.PUT, '/api/root/invoices/settings', {
      method: 'PUT',
      json: { bankInstructions: 'IBAN', cryptoProvider: 'test', btcpayUrl: '', btcpayStoreId: '', btcpayApiKey: '', btcpayWebhookSecret: '' },
    });
    expect(chosen.status).toBe(400);
    expect(chosen.body.data.fields.cryptoProvider).toBeTruthy();
  });
});
