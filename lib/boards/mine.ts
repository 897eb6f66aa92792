import { and, asc, eq, gte, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, DUE_SOON_DAYS } from '../dashboard/days';
import { projectToday } from '../projects/time-zone';
import type { Reader } from './access';
import { MY_CARDS_MAX, type MyCardsDue } from './limits';
import { boardColumns, boardCards, boards } from './tables';

// The viewer's cards across the project's boards: one condition for the boards page's
// "My cards" and the dashboard home's figures. Live cards only (neither they nor their
// column archived); due days compare as YYYY-MM-DD text, "today" is the project's.

/** Live cards of the project assigned to the user, narrowed by `due`: before today, or from today to DUE_SOON_DAYS − 1 days on. */
export function myCardsWhere(projectId: string, userId: string, due: MyCardsDue | '', today: string): SQL {
  return and(
    eq(boardCards.projectId, projectId),
    isNull(boardCards.archivedAt),
    isNull(boardColumns.archivedAt),
    sql`${userId}::uuid = any(${boardCards.assigneeIds})`,
    due === 'overdue' ? lt(boardCards.dueOn, today) : undefined,
    due === 'week' ? and(gte(boardCards.dueOn, today), lte(boardCards.dueOn, addDays(today, DUE_SOON_DAYS - 1))) : undefined,
  )!;
}

export type MyCard = { id: string; title: string; dueOn: string | null; boardId: string; boardName: string; columnName: string };

/** The user's cards in the active project, soonest due first (no due day last), at most MY_CARDS_MAX. */
export async function listMyCards(ctx: Reader, userId: string, due: MyCardsDue | ''): Promise<{ today: string; cards: MyCard[] }> {
  const today = await projectToday(ctx.db, ctx.project.id);
  const cards = await ctx.db
    .select({
      id: boardCards.id,
      title: boardCards.title,
      dueOn: boardCards.dueOn,
      boardId: boardCards.boardId,
      boardName: boards.name,
      columnName: boardColumns.name,
    })
    .from(boardCards)
    .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
    .innerJoin(boards, eq(boards.id, boardCards.boardId))
    .where(myCardsWhere(ctx.project.id, userId, due, today))
    .orderBy(sql`${boardCards.dueOn} asc nulls last`, asc(boards.name), asc(boardCards.title), asc(boardCards.id))
    .limit(MY_CARDS_MAX);
  return { today, cards };
}
