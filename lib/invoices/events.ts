import { publish } from '../realtime/pubsub';

/** The socket event an invoice change sends to the project's staff who may see invoices. */
export const INVOICE_EVENT = 'invoices:update';
export type InvoiceEvent = { id: string; status: string; paid: string; due: string };

/** Tells the project's open pages (list, detail, pay page) that an invoice changed. Call after commit. */
export function publishInvoice(projectId: string, data: InvoiceEvent): void {
  void publish({ audience: { projectId, perms: ['INVOICES__VIEW', 'INVOICES__PAY'] }, e: INVOICE_EVENT, d: data });
}
