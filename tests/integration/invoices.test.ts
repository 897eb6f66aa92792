import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as rootAll from '@/app/api/root/invoices/route';
import * as rootOne from '@/app/api/root/invoices/[id]/route';
import * as rootSend from '@/app/api/root/invoices/[id]/send/route';
import * as rootVoid from '@/app/api/root/invoices/[id]/void/route';
import * as rootPayments from '@/app/api/root/invoices/[id]/payments/route';
import * as rootDecide from '@/app/api/root/invoices/[id]/payments/[paymentId]/route';
import * as projectAll from '@/app/api/invoices/route';
import * as projectOne from '@/app/api/invoices/[id]/route';
import * as quote from '@/app/api/invoices/[id]/quote/route';
import * as transfer from '@/app/api/invoices/[id]/transfer/route';
import * as simulate from '@/app/api/invoices/[id]/payments/[paymentId]/simulate/route';
import { auditLog } from '@/lib/audit/tables';
import { addDays, dayIn } from '@/lib/dashboard/days';
import { emails } from '@/lib/mail/tables';
import { invoicePayments, invoices } from '@/lib/invoices/tables';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { displayStatus } from '@/lib/invoices/views';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { inTestMode } from './helpers/invoices';
import { multipart, type Client } from './helpers/http';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let root: Member;
let owner: Member;
let viewer: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  root = await w.signedIn({ root: true });
  owner = await w.memberOf('A', 'root');
  viewer = await w.memberOf('A', ['INVOICES__VIEW']);
}, 60_000);
afterAll(async () => db?.cleanup());

const line = (quantity: string, unitPrice: string, description = 'Plan') => ({ description, quantity, unitPrice });
const body = (extra: Record<string, unknown> = {}) => ({
  projectId: w.project.A.id,
  currency: 'CAD',
  issueDate: '2026-03-01',
  dueDate: '2099-03-31',
  lines: [line('1', '10000')],
  taxes: [
    { name: 'GST', rate: '5', compound: false },
    { name: 'QST', rate: '9.975', compound: false },
  ],
  ...extra,
});
const create = (c: Client, json: unknown) => c.call(rootAll.POST, '/api/root/invoices', { json });
const get = (m: Member, id: string) => m.client.call(projectOne.GET, `/api/invoices/${id}`, { method: 'GET', params: { id } });
const rootCall = (handler: typeof rootSend.POST, id: string, tail: string, json?: unknown) =>
  root.client.call(handler, `/api/root/invoices/${id}${tail}`, { json, params: { id } });

async function issued(extra: Record<string, unknown> = {}): Promise<InvoiceView> {
  const res = await create(root.client, body({ send: true, ...extra }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}

describe('demo data', () => {
  it('gives Demo Studio a paid, an open and an overdue invoice', async () => {
    const [demo] = await db.db.select().from(projects).where(eq(projects.key, 'demo'));
    const rows = await db.db.select().from(invoices).where(eq(invoices.projectId, demo.id));
    expect(rows.map((r) => displayStatus(r, dayIn(demo.timeZone))).sort()).toEqual(['overdue', 'paid', 'sent']);
    // Made-up bills: test invoices, which only the test processor settles.
    expect(rows.every((r) => r.test)).toBe(true);
    const paid = rows.find((r) => r.status === 'paid')!;
    expect(paid.paid).toBe(paid.total);
  });
});

describe('issuing', () => {
  it('stores the figures of the rounding rule: 5 % + 9.975 % on 100.00 CAD', async () => {
    const inv = await issued();
    expect([inv.subtotal, inv.taxes.map((t) => t.amount), inv.taxTotal, inv.total, inv.due]).toEqual(['10000', ['500', '998'], '1498', '11498', '11498']);
    const [row] = await db.db.select().from(invoices).where(eq(invoices.id, inv.id));
    expect(row.total).toBe(11498n);
    expect(inv.number).toMatch(/^INV-2026-\d{4}$/);
  });

  it('rounds each line once: 3 × 0.333 and three lines of 0.333', async () => {
    const inv = await issued({ currency: 'USD', taxes: [], lines: [line('3', '33.3'), line('0.333', '100'), line('0.333', '100')] });
    expect(inv.lines.map((l) => l.amount)).toEqual(['100', '33', '33']);
    expect(inv.total).toBe('166');
  });

  it('numbers invoices one after another across the platform', async () => {
    const a = await issued();
    const b = await issued({ projectId: w.project.B.id });
    expect(Number(b.number.slice(-4))).toBe(Number(a.number.slice(-4)) + 1);
  });

  it('refuses bad input with field errors in the caller’s language and stores nothing', async () => {
    const before = (await db.db.select().from(invoices)).length;
    const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
      json: body({ currency: 'XYZ', lines: [line('1.2345', 'abc')], dueDate: '2026-01-01' }),
      headers: { 'accept-language': 'es' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['currency', 'dueDate', 'lines.0.quantity', 'lines.0.unitPrice']);
    expect(res.body.data.fields['lines.0.quantity']).toBe('Introduce un número válido.');
    expect((await db.db.select().from(invoices)).length).toBe(before);
  });

  it('keeps drafts from the project; sending shows it and emails the owners', async () => {
    const res = await create(root.client, body());
    const draft: InvoiceView = res.body.invoice;
    expect(draft.status).toBe('draft');
    expect((await get(owner, draft.id)).status).toBe(404);
    const edited = await root.client.call(rootOne.PATCH, `/api/root/invoices/${draft.id}`, {
      method: 'PATCH',
      json: { ...body(), lines: [line('2', '500')] },
      params: { id: draft.id },
    });
    expect(edited.body.invoice.subtotal).toBe('1000');
    expect((await rootCall(rootSend.POST, draft.id, '/send')).status).toBe(200);
    expect((await rootCall(rootSend.POST, draft.id, '/send')).status).toBe(409);
    const mail = await db.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, owner.email), eq(emails.kind, 'invoice.issued')));
    expect(mail.some((m) => m.subject.includes(draft.number))).toBe(true);
  });

  it('records "viewed" on the first open by the project’s staff, once, audited', async () => {
    const inv = await issued();
    const first = await get(viewer, inv.id);
    expect(first.body.invoice.status).toBe('viewed');
    await get(owner, inv.id);
    const views = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, inv.id), eq(auditLog.action, 'invoice.view')));
    expect(views).toHaveLength(1);
    const list = await viewer.client.call(projectAll.GET, '/api/invoices', { method: 'GET' });
    expect(list.body.invoices.some((i: { id: string }) => i.id === inv.id)).toBe(true);
  });

  it('shows an open invoice past its due date as overdue', async () => {
    const inv = await issued({ issueDate: '2025-01-01', dueDate: '2025-01-31' });
    expect((await get(owner, inv.id)).body.invoice.status).toBe('overdue');
    const list = await root.client.call(rootAll.GET, '/api/root/invoices?status=overdue', { method: 'GET' });
    expect(list.body.invoices.some((i: { id: string }) => i.id === inv.id)).toBe(true);
  });

  // Yesterday 10:30 UTC is already tomorrow in UTC+14 and still the day before in UTC−11.
  const instant = new Date(`${addDays(dayIn('UTC'), -1)}T10:30:00Z`);
  it.each([
    ['Pacific/Kiritimati', 'overdue'],
    ['Pacific/Pago_Pago', 'viewed'],
  ])("counts the day in the billed project's time zone (%s) in its lists, its page and root's filter", async (zone, expected) => {
    const [{ timeZone: kept }] = await db.db.select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, w.project.A.id));
    vi.useFakeTimers({ toFake: ['Date'], now: instant });
    try {
      const utc = dayIn('UTC');
      const local = dayIn(zone);
      // Due on the earlier of the two days: past in the zone ahead of UTC, today in the one behind.
      const dueDate = local < utc ? local : utc;
      await db.db.update(projects).set({ timeZone: zone }).where(eq(projects.id, w.project.A.id));
      const inv = await issued({ issueDate: addDays(dueDate, -30), dueDate });
      expect((await get(owner, inv.id)).body.invoice.status).toBe(expected);
      const mine = await owner.client.call(projectAll.GET, '/api/invoices', { method: 'GET' });
      expect(mine.body.invoices.find((i: { id: string }) => i.id === inv.id)?.status).toBe(expected);
      for (const status of ['overdue', 'viewed']) {
        const own = await owner.client.call(projectAll.GET, `/api/invoices?status=${status}`, { method: 'GET' });
        expect(
          own.body.invoices.some((i: { id: string }) => i.id === inv.id),
          status,
        ).toBe(status === expected);
        const all = await root.client.call(rootAll.GET, `/api/root/invoices?status=${status}`, { method: 'GET' });
        expect(
          all.body.invoices.some((i: { id: string }) => i.id === inv.id),
          status,
        ).toBe(status === expected);
      }
    } finally {
      await db.db.update(projects).set({ timeZone: kept }).where(eq(projects.id, w.project.A.id));
      vi.useRealTimers();
    }
  });
});

describe('paying', () => {
  it('half by transfer (root confirms), the rest in BTC through the test provider: paid, both listed', async () => {
    const inv = await inTestMode(() => issued({ currency: 'USD', taxes: [], lines: [line('1', '10000')] }));
    const proof = { bytes: new TextEncoder().encode('%PDF-1.4\nproof\n'), type: 'application/pdf', name: 'receipt.pdf' };
    const sent = await owner.client.call(transfer.POST, `/api/invoices/${inv.id}/transfer`, {
      form: multipart({ amount: '5000' }, [['proof', proof]]),
      params: { id: inv.id },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const pending = sent.body.invoice.payments[0];
    expect([pending.method, pending.status, sent.body.invoice.pending]).toEqual(['transfer', 'pending', '5000']);

    // A quote for more than what is left once the pending transfer counts is refused.
    const tooMuch = await owner.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'BTC', amount: '5001' }, params: { id: inv.id } });
    expect(tooMuch.status).toBe(400);

    const confirmed = await root.client.call(rootDecide.POST, `/api/root/invoices/${inv.id}/payments/${pending.id}`, {
      json: { decision: 'confirm' },
      params: { id: inv.id, paymentId: pending.id },
    });
    expect([confirmed.body.invoice.status, confirmed.body.invoice.paid]).toEqual(['partial', '5000']);

    const q = await owner.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'BTC', amount: '5000' }, params: { id: inv.id } });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const crypto = q.body.invoice.payments.find((p: { method: string }) => p.method === 'crypto');
    // 50.00 USD at the test rate of 50,000 USD/BTC: 0.001 BTC, locked 15 minutes.
    expect([crypto.coin, crypto.coinAmount, crypto.rate]).toEqual(['BTC', '100000', '50000']);
    expect(Date.parse(crypto.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);

    const paid = await owner.client.call(simulate.POST, `/api/invoices/${inv.id}/payments/${crypto.id}/simulate`, {
      params: { id: inv.id, paymentId: crypto.id },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect([paid.body.invoice.status, paid.body.invoice.paid, paid.body.invoice.due]).toEqual(['paid', '10000', '0']);
    expect(paid.body.invoice.payments.filter((p: { status: string }) => p.status === 'confirmed').map((p: { method: string }) => p.method)).toEqual([
      'transfer',
      'crypto',
    ]);
    // Settling again changes nothing.
    const again = await owner.client.call(simulate.POST, `/api/invoices/${inv.id}/payments/${crypto.id}/simulate`, {
      params: { id: inv.id, paymentId: crypto.id },
    });
    expect(again.status).toBe(409);
    const actions = (await db.db.select().from(auditLog).where(eq(auditLog.targetId, inv.id))).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['invoice.create', 'invoice.transfer', 'invoice.paymentConfirm', 'invoice.quote', 'invoice.providerUpdate']),
    );
  });

  it('an expired quote cannot be paid; a new quote replaces the open one', async () => {
    const inv = await inTestMode(() => issued({ currency: 'EUR', taxes: [] }));
    const q1 = await owner.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'USDT', amount: '1000' }, params: { id: inv.id } });
    const first = q1.body.invoice.payments[0];
    // 10.00 EUR at 0.92 EUR/USDT → 10.869566 USDT (rounded up)
    expect(first.coinAmount).toBe('10869566');
    await db.db
      .update(invoicePayments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invoicePayments.id, first.id));
    const late = await owner.client.call(simulate.POST, `/api/invoices/${inv.id}/payments/${first.id}/simulate`, {
      params: { id: inv.id, paymentId: first.id },
    });
    expect(late.status).toBe(409);
    const q2 = await owner.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'USDT', amount: '1000' }, params: { id: inv.id } });
    expect(q2.body.invoice.payments.map((p: { status: string }) => p.status)).toEqual(['expired', 'pending']);
  });

  it('refuses a transfer without a proof, or with one that is not a PDF or image, storing nothing', async () => {
    const inv = await issued();
    const none = await owner.client.call(transfer.POST, `/api/invoices/${inv.id}/transfer`, { form: multipart({ amount: '100' }), params: { id: inv.id } });
    expect(none.status).toBe(400);
    const text = { bytes: new TextEncoder().encode('just text'), type: 'text/plain', name: 'x.txt' };
    const bad = await owner.client.call(transfer.POST, `/api/invoices/${inv.id}/transfer`, {
      form: multipart({ amount: '100' }, [['proof', text]]),
      params: { id: inv.id },
    });
    expect(bad.status).toBe(415);
    expect(await db.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv.id))).toHaveLength(0);
  });

  it('a viewer without INVOICES__PAY cannot pay; root records manual payments and voids only unpaid invoices', async () => {
    const inv = await issued({ currency: 'USD', taxes: [] });
    expect(
      (await viewer.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'BTC', amount: '100' }, params: { id: inv.id } })).status,
    ).toBe(403);
    const manual = await rootCall(rootPayments.POST, inv.id, '/payments', { amount: '2500', note: 'Cash' });
    expect([manual.status, manual.body.invoice.status]).toEqual([201, 'partial']);
    expect((await rootCall(rootPayments.POST, inv.id, '/payments', { amount: '999999' })).status).toBe(400);
    expect((await rootCall(rootVoid.POST, inv.id, '/void')).status).toBe(409);
    const other = await issued();
    const voided = await rootCall(rootVoid.POST, other.id, '/void');
    expect(voided.body.invoice.status).toBe('void');
    expect(
      (await owner.client.call(quote.POST, `/api/invoices/${other.id}/quote`, { json: { coin: 'BTC', amount: '100' }, params: { id: other.id } })).status,
    ).toBe(409);
  });
});
