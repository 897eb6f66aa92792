import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney } from '../format/money';
import type { Locale } from '../i18n/locales';
import { textFor } from '../i18n/server-text';
import { PRICE_DIGITS } from './money';
import type { InvoiceView } from './schemas';

// One A4 page per ~30 lines, drawn with the standard Helvetica (no font files to ship). The
// figures are the stored ones, formatted by the same formatter as the screens.

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;

/** Helvetica speaks WinAnsi only: anything it does not know becomes a "?". */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, '?');
}

/** Lines of at most 95 characters, broken at spaces where there are any. */
const wrap = (line: string) => (line.match(/.{1,95}(\s|$)|.{1,95}/g) ?? ['']).map((row) => row.trim());

export async function invoicePdf(invoice: InvoiceView, locale: Locale, appName: string): Promise<Uint8Array> {
  const t = textFor(locale, 'invoices');
  const money = (v: string, extraDigits = 0) => printable(formatMoney(v, invoice.currency, locale, extraDigits));
  const doc = await PDFDocument.create();
  doc.setTitle(`${invoice.number} · ${appName}`);
  doc.setCreator(appName);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const text = (s: string, x: number, f: PDFFont = font, size = 10) => page.drawText(printable(s), { x, y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
  const right = (s: string, xRight: number, f: PDFFont = font, size = 10) => {
    const p = printable(s);
    page.drawText(p, { x: xRight - f.widthOfTextAtSize(p, size), y, size, font: f, color: rgb(0.1, 0.1, 0.12) });
  };
  const next = (step = 16) => {
    y -= step;
    if (y < MARGIN + 40) {
      page = doc.addPage([...A4]);
      y = A4[1] - MARGIN;
    }
  };

  text(appName, MARGIN, bold, 18);
  right(`${t('invoice')} ${invoice.number}`, A4[0] - MARGIN, bold, 14);
  next(28);
  // A test invoice must not pass for a bill on paper either.
  if (invoice.test) {
    for (const row of wrap(`${t('test.badge').toUpperCase()}: ${t('test.notice')}`)) {
      text(row, MARGIN, bold, 9);
      next(12);
    }
    next(10);
  }
  text(`${t('billedTo')}: ${invoice.projectName}`, MARGIN);
  right(`${t('status.label')}: ${t(`status.${invoice.status}`)}`, A4[0] - MARGIN);
  next();
  text(`${t('issueDate')}: ${invoice.issueDate}`, MARGIN);
  right(`${t('dueDate')}: ${invoice.dueDate}`, A4[0] - MARGIN);
  next(28);

  const cols = { qty: 330, price: 430, amount: A4[0] - MARGIN };
  text(t('line.description'), MARGIN, bold);
  right(t('line.quantity'), cols.qty, bold);
  right(t('line.unitPrice'), cols.price, bold);
  right(t('line.amount'), cols.amount, bold);
  next(6);
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  next(14);
  for (const line of invoice.lines) {
    text(line.description.slice(0, 60), MARGIN);
    right(line.quantity, cols.qty);
    right(money(line.unitPrice, PRICE_DIGITS), cols.price);
    right(money(line.amount), cols.amount);
    next();
  }
  next(8);
  const total = (label: string, value: string, f = font) => {
    right(label, cols.price, f);
    right(value, cols.amount, f);
    next();
  };
  total(t('subtotal'), money(invoice.subtotal));
  if (invoice.discountTotal !== '0') total(t('discount'), `-${money(invoice.discountTotal)}`);
  for (const tax of invoice.taxes) total(`${tax.name} ${tax.rate}%${tax.compound ? ` (${t('compound')})` : ''}`, money(tax.amount));
  total(t('total'), money(invoice.total), bold);
  total(t('paid'), money(invoice.paid));
  total(t('amountDue'), money(invoice.due), bold);
  next(12);
  for (const [label, body] of [
    [t('terms'), invoice.terms],
    [t('notes'), invoice.notes],
  ] as const) {
    if (!body) continue;
    text(label, MARGIN, bold);
    next(14);
    for (const row of body.split(/\r?\n/).flatMap(wrap)) {
      text(row, MARGIN);
      next(13);
    }
    next(8);
  }
  text(`${t('unitPriceNote', { currency: invoice.currency })}`, MARGIN, font, 8);
  return doc.save();
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
