import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { invoiceSettings, type InvoiceSettings } from './tables';

// Root's invoicing settings as stored, apart from the request layer: the scheduler's emails
// draw the PDF with them before Next is up (server.ts loads this without lib/http).

const DEFAULTS: InvoiceSettings = {
  id: 1,
  bankInstructions: '',
  cryptoProvider: 'none',
  btcpayUrl: '',
  btcpayStoreId: '',
  btcpayApiKey: '',
  btcpayWebhookSecret: '',
  issuerName: '',
  issuerAddress: '',
  issuerTaxId: '',
  bankHolder: '',
  bankAccount: '',
  bankBic: '',
  bankName: '',
  updatedAt: new Date(0),
};

export async function loadSettings(db: Db | Tx): Promise<InvoiceSettings> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return row ?? DEFAULTS;
}
