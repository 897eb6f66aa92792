import { and, count, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invoices } from './tables';

// Counts for the dashboard home, from the project's side: issued invoices still unpaid.
const UNPAID = inArray(invoices.status, ['sent', 'viewed', 'partial']);

/** Unpaid invoices due between `from` and `to` (YYYY-MM-DD, inclusive). */
export async function unpaidDueCount(db: Db, projectId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), UNPAID, gte(invoices.dueDate, from), lte(invoices.dueDate, to)));
  return row?.n ?? 0;
}

/** Unpaid invoices past their due day. */
export async function unpaidOverdueCount(db: Db, projectId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), UNPAID, lt(invoices.dueDate, today)));
  return row?.n ?? 0;
}
