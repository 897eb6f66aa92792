import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db, Tx } from '../db/client';
import { formatDate, formatDateTime } from '../format/date';
import { formatMoney } from '../format/money';
import type { Locale } from '../i18n/locales';
import { textFor } from '../i18n/server-text';
import { PRICE_DIGITS } from './money';
import { pdfExtras, type PdfExtras, type PdfParty } from './pdf-data';
import { A4, FOOTER, MARGIN, pageLabels, paginate, printable, wrapText } from './pdf-layout';
import { qrMatrix } from './qr';
import type { InvoiceView } from './schemas';

// The invoice as a document to send: both parties, a line table that breaks across pages with
// its header repeated, the totals, how to pay, and "Page n of m" on every page. Drawn with the
// standard Helvetica (no font files to ship); every figure is a stored one, formatted by the
// same formatter as the screens, and every word comes from the messages files.

type Block = { height: number; group?: string; draw: (page: PDFPage, top: number) => void };
type Fonts = { regular: PDFFont; bold: PDFFont };

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const RULE = rgb(0.75, 0.75, 0.78);
const RIGHT = A4.width - MARGIN;
/** The line table's columns: left edge of the description, right edges of the figures. */
const COLS = { description: MARGIN, descriptionWidth: 200, quantity: 300, unitPrice: 390, tax: 462, total: RIGHT, taxWidth: 64 };
const ROW = 12;

function writer(fonts: Fonts) {
  const put = (page: PDFPage, s: string, x: number, y: number, size = 9, bold = false, color = INK) =>
    page.drawText(printable(s), { x, y, size, font: bold ? fonts.bold : fonts.regular, color });
  const putRight = (page: PDFPage, s: string, xRight: number, y: number, size = 9, bold = false) => {
    const p = printable(s);
    put(page, p, xRight - (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(p, size), y, size, bold);
  };
  const measure =
    (size = 9, bold = false) =>
    (s: string) =>
      (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(printable(s), size);
  return { put, putRight, measure };
}

/** Rows of text under one another, one block (kept together on a page). */
function paragraph(w: ReturnType<typeof writer>, rows: string[], x: number, options: { size?: number; bold?: boolean; gap?: number } = {}): Block {
  const { size = 9, bold = false, gap = 0 } = options;
  const step = size + 3;
  return {
    height: rows.length * step + gap,
    draw: (page, top) => rows.forEach((row, i) => w.put(page, row, x, top - size - i * step, size, bold)),
  };
}

function partyRows(t: ReturnType<typeof textFor>, party: PdfParty, width: number, measure: (s: string) => number): string[] {
  return [
    ...wrapText(party.name, width, measure),
    ...(party.address ? wrapText(party.address, width, measure) : []),
    ...(party.taxId ? [t('document.taxId', { id: party.taxId })] : []),
  ];
}

export async function invoicePdf(invoice: InvoiceView, locale: Locale, appName: string, extras: PdfExtras): Promise<Uint8Array> {
  const t = textFor(locale, 'invoices');
  const money = (v: string, extraDigits = 0) => formatMoney(v, invoice.currency, locale, extraDigits);
  const day = (ymd: string) => formatDate(`${ymd}T12:00:00Z`, locale, 'UTC', 'medium');
  const doc = await PDFDocument.create();
  doc.setTitle(`${t('invoice')} ${invoice.number} · ${extras.issuer.name}`);
  doc.setCreator(appName);
  doc.setLanguage(locale);
  const fonts = { regular: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) };
  const logo = extras.logo ? await doc.embedPng(extras.logo) : null;
  const w = writer(fonts);
  const half = (A4.width - 2 * MARGIN) / 2 - 12;
  const blocks: Block[] = [];

  // Head: the billed project's logo and the issuer on the left, the title and number on the right.
  const logoSize = logo ? 56 : 0;
  const issuerRows = partyRows(t, extras.issuer, half, w.measure());
  blocks.push({
    height: Math.max(logoSize + 8, 20 + issuerRows.length * 12) + 12,
    draw: (page, top) => {
      if (logo) page.drawImage(logo, { x: MARGIN, y: top - logoSize, width: logoSize, height: logoSize });
      w.putRight(page, `${t('invoice')} ${invoice.number}`, RIGHT, top - 16, 16, true);
      w.putRight(page, `${t('status.label')}: ${t(`status.${invoice.status}`)}`, RIGHT, top - 32);
      w.putRight(page, `${t('issueDate')}: ${day(invoice.issueDate)}`, RIGHT, top - 44);
      w.putRight(page, `${t('dueDate')}: ${day(invoice.dueDate)}`, RIGHT, top - 56);
    },
  });
  const fromRows = [t('document.from'), ...issuerRows];
  const toRows = [t('billedTo'), ...partyRows(t, extras.billed, half, w.measure())];
  blocks.push({
    height: Math.max(fromRows.length, toRows.length) * ROW + 16,
    draw: (page, top) => {
      fromRows.forEach((row, i) => w.put(page, row, MARGIN, top - 9 - i * ROW, 9, i === 0));
      toRows.forEach((row, i) => w.put(page, row, MARGIN + half + 24, top - 9 - i * ROW, 9, i === 0));
    },
  });
  // A test invoice must not pass for a bill on paper either.
  if (invoice.test) {
    blocks.push(
      paragraph(w, wrapText(`${t('test.badge').toUpperCase()}: ${t('test.notice')}`, A4.width - 2 * MARGIN, w.measure(9, true)), MARGIN, {
        bold: true,
        gap: 10,
      }),
    );
  }

  // The line table. Taxes apply to the whole (discounted) subtotal, so each line shows the rates it bears.
  const rates = invoice.taxes.map((x) => `${x.rate}%`).join(' + ') || t('document.noTax');
  const header: Block = {
    height: 22,
    group: 'lines',
    draw: (page, top) => {
      const y = top - 12;
      w.put(page, t('line.description'), COLS.description, y, 9, true);
      w.putRight(page, t('line.quantity'), COLS.quantity, y, 9, true);
      w.putRight(page, t('line.unitPrice'), COLS.unitPrice, y, 9, true);
      w.putRight(page, t('document.tax'), COLS.tax, y, 9, true);
      w.putRight(page, t('document.lineTotal'), COLS.total, y, 9, true);
      page.drawLine({ start: { x: MARGIN, y: top - 18 }, end: { x: RIGHT, y: top - 18 }, thickness: 0.6, color: RULE });
    },
  };
  blocks.push(header);
  for (const line of invoice.lines) {
    const description = wrapText(line.description, COLS.descriptionWidth, w.measure());
    const tax = wrapText(rates, COLS.taxWidth, w.measure());
    blocks.push({
      height: Math.max(description.length, tax.length) * ROW + 6,
      group: 'lines',
      draw: (page, top) => {
        const y = top - 10;
        description.forEach((row, i) => w.put(page, row, COLS.description, y - i * ROW));
        w.putRight(page, line.quantity, COLS.quantity, y);
        w.putRight(page, money(line.unitPrice, PRICE_DIGITS), COLS.unitPrice, y);
        tax.forEach((row, i) => w.putRight(page, row, COLS.tax, y - i * ROW));
        w.putRight(page, money(line.amount), COLS.total, y);
      },
    });
  }

  const totals: [string, string, boolean][] = [[t('subtotal'), money(invoice.subtotal), false]];
  if (invoice.discountTotal !== '0') totals.push([t('discount'), `-${money(invoice.discountTotal)}`, false]);
  for (const tax of invoice.taxes) totals.push([`${tax.name} ${tax.rate}%${tax.compound ? ` (${t('compound')})` : ''}`, money(tax.amount), false]);
  if (invoice.taxes.length > 1) totals.push([t('document.taxTotal'), money(invoice.taxTotal), false]);
  totals.push([t('total'), money(invoice.total), true], [t('paid'), money(invoice.paid), false], [t('amountDue'), money(invoice.due), true]);
  totals.forEach(([label, value, bold], i) =>
    blocks.push({
      height: ROW + 3 + (i === 0 ? 8 : 0),
      draw: (page, top) => {
        const y = top - (i === 0 ? 18 : 10);
        if (i === 0) page.drawLine({ start: { x: COLS.unitPrice - 60, y: top - 4 }, end: { x: RIGHT, y: top - 4 }, thickness: 0.6, color: RULE });
        w.putRight(page, label, COLS.tax, y, 9, bold);
        w.putRight(page, value, COLS.total, y, 9, bold);
      },
    }),
  );

  blocks.push(...paymentBlocks(t, extras, w, locale));
  for (const [label, body] of [
    [t('terms'), invoice.terms],
    [t('notes'), invoice.notes],
  ] as const) {
    if (!body) continue;
    blocks.push(paragraph(w, [label], MARGIN, { bold: true, gap: 2 }));
    for (const row of wrapText(body, A4.width - 2 * MARGIN, w.measure())) blocks.push(paragraph(w, [row], MARGIN));
    blocks.push({ height: 8, draw: () => undefined });
  }
  for (const row of wrapText(t('unitPriceNote', { currency: invoice.currency }), A4.width - 2 * MARGIN, w.measure(7)))
    blocks.push(paragraph(w, [row], MARGIN, { size: 7 }));

  const pages = paginate(blocks, A4.height - 2 * MARGIN - FOOTER, { lines: header });
  const labels = pageLabels(pages.length, (page, count) => t('document.page', { page, pages: count }));
  pages.forEach((onPage, index) => {
    const page = doc.addPage([A4.width, A4.height]);
    let top = A4.height - MARGIN;
    for (const block of onPage) {
      block.draw(page, top);
      top -= block.height;
    }
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: RIGHT, y: MARGIN + 12 }, thickness: 0.4, color: RULE });
    w.put(page, `${extras.issuer.name} · ${t('invoice')} ${invoice.number}`, MARGIN, MARGIN, 8, false, MUTED);
    w.putRight(page, labels[index], RIGHT, MARGIN, 8);
  });
  return doc.save();
}

/** One path of unit squares for the dark modules (SVG's y runs down, as the matrix's rows do): small, and crisp at any zoom. */
function qrPath(modules: boolean[][]): string {
  return modules.map((row, y) => row.map((on, x) => (on ? `M${x} ${y}h1v1h-1z` : '')).join('')).join('');
}

/** How to pay: the bank account, root's own instructions, and the open crypto quote as a QR code. */
function paymentBlocks(t: ReturnType<typeof textFor>, extras: PdfExtras, w: ReturnType<typeof writer>, locale: Locale): Block[] {
  const { bank, crypto } = extras;
  const width = A4.width - 2 * MARGIN;
  const rows = (
    [
      [t('document.bankHolder'), bank.holder],
      [t('document.bankAccount'), bank.account],
      [t('document.bankBic'), bank.bic],
      [t('document.bankName'), bank.name],
    ] as const
  )
    .filter(([, value]) => value)
    .map(([label, value]) => `${label}: ${value}`);
  const instructions = bank.instructions ? wrapText(bank.instructions, width, w.measure()) : [];
  if (!rows.length && !instructions.length && !crypto) return [];
  const blocks: Block[] = [{ height: 16, draw: () => undefined }, paragraph(w, [t('document.payment')], MARGIN, { size: 11, bold: true, gap: 4 })];
  for (const row of [...rows, ...instructions]) blocks.push(paragraph(w, wrapText(row, width, w.measure()), MARGIN));
  if (crypto) {
    const modules = qrMatrix(crypto.uri);
    const cell = Math.min(3, 110 / modules.length);
    const side = modules.length * cell;
    const text = wrapText(
      t('document.crypto', { amount: crypto.amount, time: formatDateTime(crypto.expiresAt, locale, 'UTC') }),
      width - side - 24,
      w.measure(),
    );
    // Four modules of white all round (the standard's quiet zone), so a camera finds the code.
    const quiet = 4 * cell;
    blocks.push({
      height: side + 2 * quiet,
      draw: (page, top) => {
        page.drawSvgPath(qrPath(modules), { x: MARGIN, y: top - quiet, scale: cell, color: rgb(0, 0, 0), borderWidth: 0 });
        text.forEach((row, i) => w.put(page, row, MARGIN + side + 24, top - quiet - 10 - i * ROW));
      },
    });
  }
  return blocks;
}

/** The PDF as every caller sends it: the route, the editor's preview and the emails. */
export async function renderInvoicePdf(db: Db | Tx, invoice: InvoiceView, locale: Locale, appName: string): Promise<Uint8Array> {
  return invoicePdf(invoice, locale, appName, await pdfExtras(db, invoice, appName, locale));
}

export function pdfResponse(bytes: Uint8Array, number: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${number}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
