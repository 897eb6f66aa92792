import { addDays } from '@/lib/dashboard/days';
import type { InvoiceStatus } from '@/lib/invoices/tables';

let made = 0;

/**
 * An invoice row of the project to insert straight into `invoices` (no lines; total 100 USD),
 * issued 30 days before `dueDate` in `status`: what the due-day figures and filters count.
 */
export function invoiceRow(projectId: string, dueDate: string, status: InvoiceStatus) {
  made += 1;
  return {
    projectId,
    number: `T-${Date.now().toString(36)}-${made}`,
    currency: 'USD',
    issueDate: addDays(dueDate, -30),
    dueDate,
    status,
    lines: [],
    breakdown: { lines: [], taxes: [] },
    subtotal: 100n,
    discountTotal: 0n,
    taxTotal: 0n,
    total: 100n,
  };
}
