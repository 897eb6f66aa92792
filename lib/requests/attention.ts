import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { NEXT_DUE, UNSOLVED } from './due';
import { requests } from './tables';

// Counts for the dashboard home; each matches a saved view of the staff list (?view=…).

/** Requests assigned to the user and not yet solved: the list's "mine" view with the `unsolved` status filter. */
export async function assignedOpenCount(db: Db, projectId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.projectId, projectId), eq(requests.assigneeId, userId), UNSOLVED));
  return row?.n ?? 0;
}

/** Requests past a running SLA due time: the list's "breached" view. */
export async function breachedCount(db: Db, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.projectId, projectId), sql`${NEXT_DUE} < now()`));
  return row?.n ?? 0;
}
