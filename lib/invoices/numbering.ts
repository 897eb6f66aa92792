import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * The next platform-wide number for the issue date's year (`INV-2026-0001`). The counter row
 * is updated in the invoice's own transaction, so a failed insert gives its number back and
 * two concurrent invoices can never share one.
 */
export async function nextInvoiceNumber(tx: Tx, issueDate: string): Promise<string> {
  const year = Number(issueDate.slice(0, 4));
  const result = await tx.execute<{ last: number }>(
    sql`insert into invoice_counters (year, last) values (${year}, 1) on conflict (year) do update set last = invoice_counters.last + 1 returning last`,
  );
  return `INV-${year}-${String(result.rows[0].last).padStart(4, '0')}`;
}
