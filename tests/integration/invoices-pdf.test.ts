import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as rootAll from '@/app/api/root/invoices/route';
import * as billingRoute from '@/app/api/root/invoices/billing/[projectId]/route';
import * as previewRoute from '@/app/api/root/invoices/preview/route';
import * as settingsRoute from '@/app/api/root/invoices/settings/route';
import * as projectOne from '@/app/api/invoices/[id]/route';
import * as projectPdf from '@/app/api/invoices/[id]/pdf/route';
import * as quote from '@/app/api/invoices/[id]/quote/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { formatMoney } from '@/lib/format/money';
import { invoiceBilling, invoices } from '@/lib/invoices/tables';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { projects } from '@/lib/projects/tables';
import { storeLogo } from '@/lib/settings/logo';
import { accountsDb } from './helpers/accounts';
import { inTestMode } from './helpers/invoices';
import { pdfContents, pdfPages, pdfStreams } from './helpers/pdf-text';
import { buildWorld, type Member, type World } from './matrix/world';

// The invoice PDF as a document to send: both parties, the line table across pages, totals in
// the reader's notation, page numbers, payment instructions; and the settings behind them.

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

const settings = {
  bankInstructions: 'Write the invoice number as the reference.',
  cryptoProvider: 'none',
  btcpayUrl: '',
  btcpayStoreId: '',
  btcpayApiKey: '',
  btcpayWebhookSecret: '',
  issuerName: 'Atrio Platform SpA',
  issuerAddress: 'Av. Apoquindo 1234\nLas Condes, Santiago',
  issuerTaxId: '76.123.456-7',
  bankHolder: 'Atrio Platform SpA',
  bankAccount: 'de89 3704 0044 0532 0130 00',
  bankBic: 'deut deff',
  bankName: 'Deutsche Bank',
};
const billing = { legalName: 'Project A Holdings Ltd', address: '10 Downing Street\nLondon SW1A 2AA', taxId: 'GB123456789' };
const lineOf = (i: number) => ({
  description: `Consulting block ${i + 1}: design reviews, backlog grooming and the weekly report for the steering committee`,
  quantity: '1.5',
  unitPrice: '12345',
});
const invoiceBody = (extra: Record<string, unknown> = {}) => ({
  projectId: w.project.A.id,
  currency: 'USD',
  issueDate: '2026-03-01',
  dueDate: '2099-03-31',
  lines: [lineOf(0)],
  taxes: [{ name: 'VAT', rate: '19', compound: false }],
  ...extra,
});

/** Calls a route that answers a PDF, keeping its bytes (the JSON client reads answers as text). */
async function pdfCall(
  handler: (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>,
  path: string,
  who: Member,
  options: { method?: string; json?: unknown; params?: Record<string, string>; language?: string } = {},
) {
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    cookie: `${AUTH_COOKIE}=${who.client.cookie}`,
    'accept-language': options.language ?? 'en',
  };
  if (options.json !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin: 'http://localhost:3000' });
  const req = new NextRequest(`http://localhost:3000${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function issue(extra: Record<string, unknown> = {}): Promise<InvoiceView> {
  const res = await root.client.call(rootAll.POST, '/api/root/invoices', { json: invoiceBody({ send: true, ...extra }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}
const projectPdfOf = (who: Member, id: string, language?: string) => pdfCall(projectPdf.GET, `/api/invoices/${id}/pdf`, who, { params: { id }, language });

describe('invoicing settings: issuer and bank account', () => {
  it('saves the issuer and bank details, an IBAN and BIC as banks print them', async () => {
    const res = await root.client.call(settingsRoute.PUT, '/api/root/invoices/settings', { method: 'PUT', json: settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toMatchObject({
      issuerName: 'Atrio Platform SpA',
      issuerTaxId: '76.123.456-7',
      bankAccount: 'DE89 3704 0044 0532 0130 00',
      bankBic: 'DEUTDEFF',
    });
    const read = await root.client.call(settingsRoute.GET, '/api/root/invoices/settings', { method: 'GET' });
    expect(read.body.settings.issuerAddress).toBe('Av. Apoquindo 1234\nLas Condes, Santiago');
  });

  it.each([
    ['an IBAN with a wrong check digit', { bankAccount: 'DE88 3704 0044 0532 0130 00' }, 'bankAccount'],
    ['a BIC of the wrong length', { bankBic: 'DEUTDEF' }, 'bankBic'],
    ['a tax id with markup', { issuerTaxId: '<b>1</b>' }, 'issuerTaxId'],
    ['a legal name past 200 characters', { issuerName: 'x'.repeat(201) }, 'issuerName'],
  ])('refuses %s and changes nothing', async (_name, change, field) => {
    const res = await root.client.call(settingsRoute.PUT, '/api/root/invoices/settings', {
      method: 'PUT',
      json: { ...settings, issuerName: 'Changed', ...change },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual([field]);
    const read = await root.client.call(settingsRoute.GET, '/api/root/invoices/settings', { method: 'GET' });
    expect(read.body.settings.issuerName).toBe('Atrio Platform SpA');
  });

  it('gives the pay page the bank account beside the instructions', async () => {
    const inv = await issue();
    const res = await owner.client.call(projectOne.GET, `/api/invoices/${inv.id}`, { method: 'GET', params: { id: inv.id } });
    expect(res.body.paying.bank).toEqual({ holder: 'Atrio Platform SpA', account: 'DE89 3704 0044 0532 0130 00', bic: 'DEUTDEFF', name: 'Deutsche Bank' });
    expect(res.body.paying.bankInstructions).toBe(settings.bankInstructions);
  });

  it('is root’s alone', async () => {
    const res = await owner.client.call(settingsRoute.PUT, '/api/root/invoices/settings', { method: 'PUT', json: settings });
    expect(res.status).toBe(403);
  });
});

describe('billing details of a project', () => {
  it('root saves and reads them; a project that does not exist is a 404', async () => {
    const put = await root.client.call(billingRoute.PUT, `/api/root/invoices/billing/${w.project.A.id}`, {
      method: 'PUT',
      json: billing,
      params: { projectId: w.project.A.id },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const got = await root.client.call(billingRoute.GET, `/api/root/invoices/billing/${w.project.A.id}`, {
      method: 'GET',
      params: { projectId: w.project.A.id },
    });
    expect(got.body.billing).toEqual(billing);
    const missing = crypto.randomUUID();
    const none = await root.client.call(billingRoute.PUT, `/api/root/invoices/billing/${missing}`, {
      method: 'PUT',
      json: billing,
      params: { projectId: missing },
    });
    expect(none.status).toBe(404);
    expect(await db.db.select().from(invoiceBilling).where(eq(invoiceBilling.projectId, missing))).toHaveLength(0);
  });

  it('refuses a bad tax id and keeps what was saved; the project’s own owner may not write them', async () => {
    const bad = await root.client.call(billingRoute.PUT, `/api/root/invoices/billing/${w.project.A.id}`, {
      method: 'PUT',
      json: { ...billing, legalName: 'Other', taxId: 'GB 123; DROP' },
      params: { projectId: w.project.A.id },
    });
    expect([bad.status, Object.keys(bad.body.data.fields)]).toEqual([400, ['taxId']]);
    const ownerPut = await owner.client.call(billingRoute.PUT, `/api/root/invoices/billing/${w.project.A.id}`, {
      method: 'PUT',
      json: { ...billing, legalName: 'Mine' },
      params: { projectId: w.project.A.id },
    });
    expect(ownerPut.status).toBe(403);
    const [row] = await db.db.select().from(invoiceBilling).where(eq(invoiceBilling.projectId, w.project.A.id));
    expect(row.legalName).toBe(billing.legalName);
  });
});

describe('the PDF', () => {
  it('names both parties with their tax ids, prints every line across pages with page numbers and the totals', async () => {
    const inv = await issue({ lines: Array.from({ length: 45 }, (_, i) => lineOf(i)) });
    const res = await projectPdfOf(viewer, inv.id);
    expect([res.status, res.type]).toEqual([200, 'application/pdf']);
    const pages = await pdfPages(res.bytes);
    expect(pages).toBeGreaterThanOrEqual(2);
    const streams = pdfStreams(res.bytes);
    expect(streams).toHaveLength(pages);
    const all = streams.join('\n');
    for (const text of [
      'Atrio Platform SpA',
      'Tax id: 76.123.456-7',
      'Las Condes, Santiago',
      'Project A Holdings Ltd',
      'Tax id: GB123456789',
      'London SW1A 2AA',
    ])
      expect(all).toContain(text);
    streams.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages}`);
      // The table's header starts every page the lines reach.
      if (i < pages - 1) expect(page).toContain('Line total');
    });
    for (let i = 1; i <= 45; i += 1) expect(all).toContain(`Consulting block ${i}:`);
    // 45 × 1.5 × 123.45 = 8,332.875 → each line 185.18 (half away from zero), 8,333.10; 19 % VAT 1,583.29.
    expect(inv.total).toBe('991639');
    expect(all).toContain(formatMoney(inv.total, 'USD', 'en'));
    expect(all).toContain('$9,916.39');
    expect(all).toContain('$185.18');
    expect(all).toContain('How to pay');
    expect(all).toContain('IBAN / account: DE89 3704 0044 0532 0130 00');
    expect(all).toContain('BIC / SWIFT: DEUTDEFF');
  });

  it('speaks the reader’s language, figures in its notation', async () => {
    const inv = await issue({ currency: 'EUR', lines: [{ description: 'Plan anual', quantity: '1', unitPrice: '123456' }] });
    const all = pdfStreams((await projectPdfOf(owner, inv.id, 'es')).bytes).join('\n');
    expect(all).toContain('Página 1 de 1');
    expect(all).toContain('Facturado a');
    expect(all).toContain('Id. fiscal: GB123456789');
    expect(all).toContain(formatMoney(inv.total, 'EUR', 'es'));
    expect(all).toContain('Total línea');
  });

  it('carries the project’s logo, converted from the stored WebP', async () => {
    const png = await sharp({ create: { width: 80, height: 40, channels: 4, background: '#2563eb' } })
      .png()
      .toBuffer();
    const url = await storeLogo(w.project.A.id, new Uint8Array(png));
    await db.db.update(projects).set({ logo: url }).where(eq(projects.id, w.project.A.id));
    const inv = await issue();
    const withLogo = Buffer.from((await projectPdfOf(owner, inv.id)).bytes).toString('latin1');
    expect(withLogo).toMatch(/\/Subtype\s*\/Image/);
    await db.db.update(projects).set({ logo: null }).where(eq(projects.id, w.project.A.id));
    const without = Buffer.from((await projectPdfOf(owner, inv.id)).bytes).toString('latin1');
    expect(without).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('prints the open crypto quote’s exact amount beside its QR code', async () => {
    const inv = await inTestMode(() => issue({ taxes: [] }));
    const q = await owner.client.call(quote.POST, `/api/invoices/${inv.id}/quote`, { json: { coin: 'BTC', amount: inv.due }, params: { id: inv.id } });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const coinAmount = q.body.invoice.payments.find((p: { method: string }) => p.method === 'crypto').coinAmount;
    const res = await projectPdfOf(owner, inv.id);
    const all = pdfStreams(res.bytes).join('\n');
    expect(all).toContain(`it asks for exactly ${formatMoney(coinAmount, 'BTC', 'en')}`);
    // The QR code's dark modules are squares of one path: hundreds of them, where a PDF without a quote draws a few rules.
    const squares = (bytes: Uint8Array) => pdfContents(bytes).join('\n').match(/ m\n/g)?.length ?? 0;
    expect(squares(res.bytes)).toBeGreaterThan(200);
    const plain = await issue({ taxes: [] });
    expect(squares((await projectPdfOf(owner, plain.id)).bytes)).toBeLessThan(10);
  });

  it('is not another project’s to read', async () => {
    const inv = await issue({ projectId: w.project.B.id });
    expect((await projectPdfOf(owner, inv.id)).status).toBe(404);
  });
});

describe('the editor’s live preview', () => {
  it('draws the values being typed as the PDF, saving nothing', async () => {
    const before = await db.db.select({ id: invoices.id }).from(invoices);
    const res = await pdfCall(previewRoute.POST, '/api/root/invoices/preview', root, {
      method: 'POST',
      json: invoiceBody({ lines: [{ description: 'Preview line', quantity: '2', unitPrice: '5000' }] }),
    });
    expect([res.status, res.type]).toEqual([200, 'application/pdf']);
    const all = pdfStreams(res.bytes).join('\n');
    expect(all).toContain('Invoice Draft');
    expect(all).toContain('Preview line');
    expect(all).toContain('Project A Holdings Ltd');
    expect(all).toContain('$119.00');
    expect(await db.db.select({ id: invoices.id }).from(invoices)).toHaveLength(before.length);
  });

  it('draws a new invoice before its first line, with an empty table and nothing due', async () => {
    const res = await pdfCall(previewRoute.POST, '/api/root/invoices/preview', root, { method: 'POST', json: invoiceBody({ lines: [] }) });
    expect(res.status).toBe(200);
    const all = pdfStreams(res.bytes).join('\n');
    expect(all).toContain('Line total');
    expect(all).toContain('$0.00');
  });

  it('refuses values that do not make an invoice, and callers who are not root', async () => {
    const bad = await root.client.call(previewRoute.POST, '/api/root/invoices/preview', { json: invoiceBody({ dueDate: '2026-02-01' }) });
    expect([bad.status, Object.keys(bad.body.data.fields)]).toEqual([400, ['dueDate']]);
    const badLine = await root.client.call(previewRoute.POST, '/api/root/invoices/preview', {
      json: invoiceBody({ lines: [{ description: 'Plan', quantity: '0', unitPrice: '100' }] }),
    });
    expect([badLine.status, Object.keys(badLine.body.data.fields)]).toEqual([400, ['lines.0.quantity']]);
    const notRoot = await owner.client.call(previewRoute.POST, '/api/root/invoices/preview', { json: invoiceBody() });
    expect(notRoot.status).toBe(403);
  });
});
