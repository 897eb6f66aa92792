import { addDays } from '@/lib/dashboard/days';
import { resetEnv } from '@/lib/env';
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

/** Runs `work` with PAYMENTS_TEST=1, as a server in test mode: the invoices it issues are test invoices. */
export async function inTestMode<T>(work: () => Promise<T>): Promise<T> {
  process.env.PAYMENTS_TEST = '1';
  resetEnv();
  try {
    return await work();
  } finally {
    delete process.env.PAYMENTS_TEST;
    resetEnv();
  }
}
