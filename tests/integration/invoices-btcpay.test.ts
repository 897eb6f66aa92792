import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rootAll from '@/app/api/root/invoices/route';
import * as rootPdf from '@/app/api/root/invoices/[id]/pdf/route';
import * as rootRecurrence from '@/app/api/root/invoices/[id]/recurrence/route';
import * as settingsRoute from '@/app/api/root/invoices/settings/route';
import * as quote from '@/app/api/invoices/[id]/quote/route';
import * as webhook from '@/app/api/invoices/webhooks/btcpay/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { invoicePayments, invoices } from '@/lib/invoices/tables';
import { verifyBtcpaySignature } from '@/lib/invoices/providers/btcpay';
import { runInvoiceJobs, sendReminders } from '@/lib/invoices/scheduler';
import { emails } from '@/lib/mail/tables';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

// BTCPay Server faked on loopback: the Greenfield calls the provider makes, and webhooks
// signed as BTCPay signs them.

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let root: Member;
let owner: Member;
let fake: Server;
const calls: { method: string; url: string; auth: string; body: unknown }[] = [];
const SECRET = 'whsec-test-0123456789';
const STORE = 'Store1';

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  root = await w.signedIn({ root: true });
  owner = await w.memberOf('A', 'root');
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ method: req.method!, url: req.url!, auth: String(req.headers.authorization), body: raw ? JSON.parse(raw) : null });
      res.setHeader('content-type', 'application/json');
      if (req.url!.includes('/rates')) res.end(JSON.stringify([{ currencyPair: 'BTC_USD', rate: '40000.5', errors: [] }]));
      else if (req.url!.endsWith('/invoices') && req.method === 'POST')
        res.end(JSON.stringify({ id: `bp_${calls.length}`, checkoutLink: 'http://127.0.0.1/i/x', status: 'New' }));
      else res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  const saved = await root.client.call(settingsRoute.PUT, '/api/root/invoices/settings', {
    method: 'PUT',
    json: { bankInstructions: 'IBAN', cryptoProvider: 'btcpay', btcpayUrl: url, btcpayStoreId: STORE, btcpayApiKey: 'key-123', btcpayWebhookSecret: SECRET },
  });
  expect(saved.body.settings).toMatchObject({ cryptoProvider: 'btcpay', btcpayApiKeySet: true, btcpayWebhookSecretSet: true });
  expect(JSON.stringify(saved.body)).not.toContain('key-123');
}, 60_000);
afterAll(async () => {
  fake?.close();
  await db?.cleanup();
});

/** Midday UTC of a day: the same day in every zone the world's projects use. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
const sign = (raw: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
const deliver = (event: unknown, sig?: string) => {
  const raw = JSON.stringify(event);
  return w
    .anonymous()
    .call(webhook.POST, '/api/invoices/webhooks/btcpay', { body: raw, headers: { 'content-type': 'application/json', 'btcpay-sig': sig ?? sign(raw) } });
};

async function quoted() {
  const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
    json: {
      projectId: w.project.A.id,
      currency: 'USD',
      issueDate: '2026-05-01',
      dueDate: '2099-05-31',
      lines: [{ description: 'Plan', quantity: '1', unitPrice: '10000' }],
      send: true,
    },
  });
  const id = res.body.invoice.id as string;
  const q = await owner.client.call(quote.POST, `/api/invoices/${id}/quote`, { json: { coin: 'BTC', amount: '10000' }, params: { id } });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  return { id, payment: q.body.invoice.payments.at(-1) as { id: string; coinAmount: string; checkoutUrl: string } };
}

describe('BTCPay provider', () => {
  it('quotes from the store rate and opens a Greenfield invoice in the coin for exactly the locked amount', async () => {
    const { payment } = await quoted();
    // 100.00 USD at 40,000.5 USD/BTC = 0.00249996875… → 249997 sats (rounded up)
    expect(payment.coinAmount).toBe('249997');
    expect(payment.checkoutUrl).toBe('http://127.0.0.1/i/x');
    const created = calls.find((c) => c.method === 'POST' && c.url === `/api/v1/stores/${STORE}/invoices`)!;
    expect(created.auth).toBe('token key-123');
    expect(created.body).toMatchObject({ amount: '0.00249997', currency: 'BTC', checkout: { expirationMinutes: 15 } });
  });

  it('checks BTCPay-Sig over the raw body in constant time', () => {
    const raw = new TextEncoder().encode('{"a":1}');
    expect(verifyBtcpaySignature(raw, sign('{"a":1}'), SECRET)).toBe(true);
    expect(verifyBtcpaySignature(raw, sign('{"a":1} '), SECRET)).toBe(false);
    expect(verifyBtcpaySignature(raw, sign('{"a":1}', 'other'), SECRET)).toBe(false);
    expect(verifyBtcpaySignature(raw, 'sha256=zz', SECRET)).toBe(false);
    expect(verifyBtcpaySignature(raw, null, SECRET)).toBe(false);
  });

  it('refuses unsigned or badly signed deliveries without changing anything', async () => {
    const { id, payment } = await quoted();
    const ref = (await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, payment.id)))[0].providerRef;
    const event = { deliveryId: 'd-bad', type: 'InvoiceSettled', invoiceId: ref, storeId: STORE };
    expect((await deliver(event, sign(JSON.stringify(event), 'wrong'))).status).toBe(401);
    expect((await deliver(event, 'sha256=')).status).toBe(401);
    const [inv] = await db.db.select().from(invoices).where(eq(invoices.id, id));
    expect(inv.paid).toBe(0n);
  });

  it('settles on InvoiceSettled, and a replayed or redelivered event changes nothing', async () => {
    const { id, payment } = await quoted();
    const ref = (await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, payment.id)))[0].providerRef;
    const processing = await deliver({ deliveryId: 'd1', type: 'InvoiceProcessing', invoiceId: ref, storeId: STORE });
    expect(processing.body).toMatchObject({ ok: true, changed: true });
    const settled = { deliveryId: 'd2', type: 'InvoiceSettled', invoiceId: ref, storeId: STORE, overPaid: true };
    expect((await deliver(settled)).body).toMatchObject({ ok: true, changed: true });
    const [after] = await db.db.select().from(invoices).where(eq(invoices.id, id));
    expect([after.status, after.paid]).toEqual(['paid', 10000n]);
    expect((await deliver(settled)).body).toMatchObject({ duplicate: true });
    expect((await deliver({ ...settled, deliveryId: 'd3', originalDeliveryId: 'd2', isRedelivery: true })).body).toMatchObject({ duplicate: true });
    // A later Invalid for the same charge (new delivery) cannot undo a settled payment.
    expect((await deliver({ deliveryId: 'd4', type: 'InvoiceInvalid', invoiceId: ref, storeId: STORE })).body).toMatchObject({ changed: false });
    const [p] = await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, payment.id));
    expect([p.status, p.providerStatus]).toEqual(['confirmed', 'Settled:paidOver']);
    const [still] = await db.db.select().from(invoices).where(eq(invoices.id, id));
    expect(still.paid).toBe(10000n);
  });

  it('expired without payment expires; expired with a partial payment waits for root', async () => {
    const a = await quoted();
    const refA = (await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, a.payment.id)))[0].providerRef;
    await deliver({ deliveryId: 'e1', type: 'InvoiceExpired', invoiceId: refA, storeId: STORE });
    expect((await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, a.payment.id)))[0].status).toBe('expired');
    const b = await quoted();
    const refB = (await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, b.payment.id)))[0].providerRef;
    await deliver({ deliveryId: 'e2', type: 'InvoiceExpired', invoiceId: refB, storeId: STORE, partiallyPaid: true });
    const [p] = await db.db.select().from(invoicePayments).where(eq(invoicePayments.id, b.payment.id));
    expect([p.status, p.providerStatus]).toEqual(['pending', 'Expired:paidPartial']);
  });
});

describe('PDF and scheduler', () => {
  it('serves the invoice as a PDF', async () => {
    const { id } = await quoted();
    const req = new NextRequest(`http://localhost:3000/api/root/invoices/${id}/pdf`, {
      headers: { host: 'localhost:3000', cookie: `${AUTH_COOKIE}=${root.client.cookie}` },
    });
    const res = await rootPdf.GET(req, { params: Promise.resolve({ id }) });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('issues a monthly invoice once per period, even when two runs race, and reminds once before and after', async () => {
    const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
      json: {
        projectId: w.project.B.id,
        currency: 'USD',
        issueDate: '2026-01-31',
        dueDate: '2026-02-14',
        recurrence: 'monthly',
        lines: [{ description: 'Hosting', quantity: '1', unitPrice: '2000' }],
        send: true,
      },
    });
    const source = res.body.invoice.id as string;
    const results = await Promise.all([runInvoiceJobs(db.db, noon('2026-03-01')), runInvoiceJobs(db.db, noon('2026-03-01'))]);
    expect(results[0].issued + results[1].issued).toBe(1);
    const copies = await db.db.select().from(invoices).where(eq(invoices.sourceId, source));
    expect(copies.map((c) => [c.issueDate, c.dueDate, c.status])).toEqual([['2026-02-28', '2026-03-14', 'sent']]);
    // Back on the source's day of the month once the month has one.
    await runInvoiceJobs(db.db, noon('2026-03-30'));
    expect(await db.db.select().from(invoices).where(eq(invoices.sourceId, source))).toHaveLength(1);
    await runInvoiceJobs(db.db, noon('2026-03-31'));
    const both = await db.db.select().from(invoices).where(eq(invoices.sourceId, source)).orderBy(invoices.issueDate);
    expect(both.map((c) => c.issueDate)).toEqual(['2026-02-28', '2026-03-31']);
    const before = (await db.db.select().from(emails).where(eq(emails.kind, 'invoice.reminderAfter'))).length;
    await runInvoiceJobs(db.db, noon('2026-03-31'));
    await runInvoiceJobs(db.db, noon('2026-03-31'));
    expect(await db.db.select().from(invoices).where(eq(invoices.sourceId, source))).toHaveLength(2);
    const [src] = await db.db.select().from(invoices).where(eq(invoices.id, source));
    expect(src.reminders).toContain('after');
    expect((await db.db.select().from(emails).where(eq(emails.kind, 'invoice.reminderAfter'))).length).toBe(before);
  });

  it('stops repeating when root says so: the copies issued stay, no new one comes', async () => {
    const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
      json: {
        projectId: w.project.B.id,
        currency: 'USD',
        issueDate: '2026-05-10',
        dueDate: '2026-05-20',
        recurrence: 'yearly',
        lines: [{ description: 'Domain', quantity: '1', unitPrice: '1500' }],
        send: true,
      },
    });
    const source = res.body.invoice.id as string;
    expect(res.body.invoice.nextIssueDate).toBe('2027-05-10');
    await runInvoiceJobs(db.db, noon('2027-05-10'));
    expect(await db.db.select().from(invoices).where(eq(invoices.sourceId, source))).toHaveLength(1);
    const stopped = await root.client.call(rootRecurrence.DELETE, `/api/root/invoices/${source}/recurrence`, { method: 'DELETE', params: { id: source } });
    expect(stopped.status).toBe(200);
    expect([stopped.body.invoice.recurrence, stopped.body.invoice.nextIssueDate]).toEqual(['none', null]);
    await runInvoiceJobs(db.db, noon('2029-06-01'));
    expect(await db.db.select().from(invoices).where(eq(invoices.sourceId, source))).toHaveLength(1);
    // Saying it twice changes nothing and is not an error.
    expect(
      (await root.client.call(rootRecurrence.DELETE, `/api/root/invoices/${source}/recurrence`, { method: 'DELETE', params: { id: source } })).status,
    ).toBe(200);
  });

  it("reminds by the billed project's day: past due in UTC+14 while still the due day in UTC", async () => {
    const dueDate = '2031-05-20';
    const issue = async (projectId: string) => {
      const res = await root.client.call(rootAll.POST, '/api/root/invoices', {
        json: {
          projectId,
          currency: 'USD',
          issueDate: '2031-05-01',
          dueDate,
          lines: [{ description: 'Hosting', quantity: '1', unitPrice: '2000' }],
          send: true,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.invoice.id as string;
    };
    const [{ timeZone: kept }] = await db.db.select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, w.project.B.id));
    await db.db.update(projects).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(projects.id, w.project.B.id));
    try {
      const ahead = await issue(w.project.B.id);
      const onUtc = await issue(w.project.A.id);
      // 11:00 UTC on the due day is 01:00 the next day in Kiritimati.
      await sendReminders(db.db, new Date(`${dueDate}T11:00:00Z`));
      const reminders = async (id: string) => (await db.db.select({ r: invoices.reminders }).from(invoices).where(eq(invoices.id, id)))[0].r;
      expect(await reminders(ahead)).toEqual(['after']);
      expect(await reminders(onUtc)).toEqual(['before']);
    } finally {
      await db.db.update(projects).set({ timeZone: kept }).where(eq(projects.id, w.project.B.id));
    }
  });
});
