import { eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import { dayIn } from '../dashboard/days';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { projects } from '../projects/tables';
import type { BillingView, InvoiceView } from './schemas';
import { invoiceBilling, invoicePayments, invoices, type Invoice } from './tables';
import { viewOf } from './views';

// Reads shared by the services, the emails and the scheduler; nothing here reaches the
// request layer, so the server's background jobs can load it before Next is up.

async function billedProject(db: Db | Tx, projectId: string): Promise<{ name: string; timeZone: string }> {
  const [row] = await db.select({ name: projects.name, timeZone: projects.timeZone }).from(projects).where(eq(projects.id, projectId));
  return row ?? { name: '', timeZone: 'UTC' };
}

async function paymentsOf(db: Db | Tx, invoiceId: string) {
  return db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(invoicePayments.createdAt, invoicePayments.id);
}

export async function fullView(db: Db | Tx, invoice: Invoice): Promise<InvoiceView> {
  const project = await billedProject(db, invoice.projectId);
  return viewOf(invoice, project.name, await paymentsOf(db, invoice.id), dayIn(project.timeZone));
}

export async function getInvoiceOrThrow(db: Db | Tx, id: string, lock = false): Promise<Invoice> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const query = db.select().from(invoices).where(eq(invoices.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

/** A project's billing details as the PDF prints them (empty until root writes them). */
const NO_BILLING: BillingView = { legalName: '', address: '', taxId: '' };

export async function loadBilling(db: Db | Tx, projectId: string): Promise<BillingView> {
  const [row] = await db
    .select({ legalName: invoiceBilling.legalName, address: invoiceBilling.address, taxId: invoiceBilling.taxId })
    .from(invoiceBilling)
    .where(eq(invoiceBilling.projectId, projectId));
  return row ?? NO_BILLING;
}
