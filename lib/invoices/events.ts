import { publish } from '../realtime/pubsub';
import type { Invoice } from './tables';
import { dueOf } from './views';

/** The socket event an invoice change sends to the project's staff who may see invoices. */
export const INVOICE_EVENT = 'invoices:update';
export type InvoiceEvent = { id: string; status: string; paid: string; due: string };

/** Tells the project's open pages (list, detail, pay page) that an invoice changed. Call after commit. */
export function publishInvoice(projectId: string, data: InvoiceEvent): void {
  void publish({ audience: { projectId, perms: ['INVOICES__VIEW', 'INVOICES__PAY'] }, e: INVOICE_EVENT, d: data });
}

/**
 * Announces an invoice's state after its change committed. The status is the stored one
 * (what happened); whether it reads as overdue is the pages' to work out when they refetch.
 */
export function announce(invoice: Invoice): void {
  publishInvoice(invoice.projectId, { id: invoice.id, status: invoice.status, paid: invoice.paid.toString(), due: dueOf(invoice).toString() });
}
