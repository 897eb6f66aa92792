import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { NEXT_DUE } from './due';
import { requests } from './tables';

// Counts for the dashboard home; each matches a saved view of the staff list (?view=…).

const OPEN = ['new', 'open', 'pending'] as const;

/** Requests assigned to the user and not yet resolved: the list's "mine" view without the finished ones. */
export async function assignedOpenCount(db: Db, projectId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requests)
    .where(and(eq(requests.projectId, projectId), eq(requests.assigneeId, userId), inArray(requests.status, [...OPEN])));
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
