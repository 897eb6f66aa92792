import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requests } from './tables';

// Counts for the dashboard home; each matches a saved view of the staff list (?view=…).

const OPEN = ['new', 'open', 'pending'] as const;
// The nearest due time still running, as the list's "breached" view computes it.
const NEXT_DUE = sql`case when ${requests.status} in ('resolved', 'closed') then null when ${requests.firstResponseAt} is null then ${requests.firstResponseDueAt} else ${requests.resolutionDueAt} end`;

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
