import type { Db } from '../db/client';
import type { ProjectContext } from '../http/route';
import { cryptoMethodFor } from './providers';
import type { Paying } from './queries';
import type { InvoiceView } from './schemas';
import { openProjectInvoice } from './service';
import { loadSettings } from './settings';

/** How the project may pay this invoice: the bank account and transfer instructions, and who takes crypto for it (if anyone). */
export async function payingFor(db: Db, invoice: Pick<InvoiceView, 'test'>): Promise<Paying> {
  const settings = await loadSettings(db);
  return {
    bankInstructions: settings.bankInstructions,
    bank: { holder: settings.bankHolder, account: settings.bankAccount, bic: settings.bankBic, name: settings.bankName },
    crypto: cryptoMethodFor(invoice, settings),
  };
}

/** One invoice of the active project with how it can be paid; the first open by its staff marks it viewed. */
export async function openInvoiceToPay(ctx: ProjectContext, id: string): Promise<{ invoice: InvoiceView; paying: Paying }> {
  const invoice = await openProjectInvoice(ctx, id);
  return { invoice, paying: await payingFor(ctx.db, invoice) };
}
