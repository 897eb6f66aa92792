import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db, Tx } from '../db/client';
import { formatMoney } from '../format/money';
import { logger } from '../log/logger';
import { projects } from '../projects/tables';
import { keyFromPublicUrl, storage } from '../storage';
import { openQuote, paymentUri } from './pay-uri';
import { loadBilling } from './read';
import type { InvoiceView } from './schemas';
import { loadSettings } from './settings-row';

// Everything the PDF prints besides the invoice itself, read in one place so the PDF route,
// the editor's preview and the emails render the same document.

export type PdfParty = { name: string; address: string; taxId: string };
export type PdfExtras = {
  issuer: PdfParty;
  billed: PdfParty;
  /** The billed project's logo as PNG (pdf-lib embeds PNG and JPEG only; logos are stored as WebP). */
  logo: Uint8Array | null;
  bank: { holder: string; account: string; bic: string; name: string; instructions: string };
  crypto: { amount: string; uri: string; expiresAt: string } | null;
};

async function logoPng(url: string | null): Promise<Uint8Array | null> {
  const key = url ? keyFromPublicUrl(url) : null;
  if (!key) return null;
  try {
    const file = await storage().get(key);
    return file ? new Uint8Array(await sharp(file.bytes).png().toBuffer()) : null;
  } catch (error) {
    // A missing or unreadable logo must not keep a bill from going out.
    logger.warn({ err: error, key }, 'invoice pdf: logo skipped');
    return null;
  }
}

export async function pdfExtras(db: Db | Tx, invoice: InvoiceView, appName: string, locale: string): Promise<PdfExtras> {
  const [settings, billing, [project]] = await Promise.all([
    loadSettings(db),
    loadBilling(db, invoice.projectId),
    db.select({ logo: projects.logo }).from(projects).where(eq(projects.id, invoice.projectId)),
  ]);
  const quote = openQuote(invoice.payments);
  return {
    issuer: { name: settings.issuerName || appName, address: settings.issuerAddress, taxId: settings.issuerTaxId },
    billed: { name: billing.legalName || invoice.projectName, address: billing.address, taxId: billing.taxId },
    logo: await logoPng(project?.logo ?? null),
    bank: {
      holder: settings.bankHolder,
      account: settings.bankAccount,
      bic: settings.bankBic,
      name: settings.bankName,
      instructions: settings.bankInstructions,
    },
    crypto:
      quote?.coin && quote.coinAmount && quote.expiresAt
        ? { amount: formatMoney(quote.coinAmount, quote.coin, locale), uri: paymentUri(quote, invoice.number), expiresAt: quote.expiresAt }
        : null,
  };
}
