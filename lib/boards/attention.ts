import { and, count, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { boardColumns, boardCards } from './tables';

// Counts for the dashboard home: live cards (neither they nor their column archived)
// assigned to the user. Due days compare as YYYY-MM-DD text, as the board's filters do.

function assignedLive(projectId: string, userId: string) {
  return and(
    eq(boardCards.projectId, projectId),
    isNull(boardCards.archivedAt),
    isNull(boardColumns.archivedAt),
    sql`${userId}::uuid = any(${boardCards.assigneeIds})`,
  );
}

/** The user's cards due between `from` and `to` (inclusive). */
export async function assignedDueCount(db: Db, projectId: string, userId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(boardCards)
    .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
    .where(and(assignedLive(projectId, userId), gte(boardCards.dueOn, from), lte(boardCards.dueOn, to)));
  return row?.n ?? 0;
}

/** The user's cards whose due day is before `today`. */
export async function assignedOverdueCount(db: Db, projectId: string, userId: string, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(boardCards)
    .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
    .where(and(assignedLive(projectId, userId), lt(boardCards.dueOn, today)));
  return row?.n ?? 0;
}
