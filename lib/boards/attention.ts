import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { MyCardsDue } from './limits';
import { myCardsWhere } from './mine';
import { boardColumns, boardCards } from './tables';

/** For the dashboard home: the user's live cards overdue or due this week, as the boards page's "My cards" lists them. */
export async function myCardsCount(db: Db, projectId: string, userId: string, due: MyCardsDue, today: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(boardCards)
    .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
    .where(myCardsWhere(projectId, userId, due, today));
  return row?.n ?? 0;
}
