import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { unpaidDue } from './due';
import type { DueFilter } from './schemas';
import { invoices } from './tables';

/** For the dashboard home: the project's unpaid invoices overdue or due soon, as the list's `?due=` shows them. */
export async function unpaidDueCount(db: Db, projectId: string, due: DueFilter, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.projectId, projectId), unpaidDue(due, today)));
  return row?.n ?? 0;
}
