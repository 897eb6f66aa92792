import { and, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { boardCards, boards, type Board, type BoardCard } from './tables';

// Fetch-or-throw helpers: every id is looked up inside the active project, so another
// project's id (or a malformed one) is a 404, exactly like an id that never existed.

export type Reader = Pick<ProjectContext, 'db' | 'project'>;
export type Conn = Db | Tx;

const notFound = () => new HttpError(404, 'notFound');

export async function getBoardOrThrow(ctx: Reader, id: string, db: Conn = ctx.db): Promise<Board> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select()
    .from(boards)
    .where(and(eq(boards.id, id), eq(boards.projectId, ctx.project.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * The board, locked for the rest of the transaction: every change to a board's columns,
 * labels and cards takes this lock first, so two moves on one board take turns and each
 * computes its rank from what the other left.
 */
export async function lockBoard(tx: Tx, ctx: Reader, id: string): Promise<Board> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx
    .select()
    .from(boards)
    .where(and(eq(boards.id, id), eq(boards.projectId, ctx.project.id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A card of this board (and so of this project), or 404. */
export async function getCardOrThrow(db: Conn, ctx: Reader, boardId: string, cardId: string): Promise<BoardCard> {
  if (!isUuid(cardId)) throw notFound();
  const [row] = await db
    .select()
    .from(boardCards)
    .where(and(eq(boardCards.id, cardId), eq(boardCards.boardId, boardId), eq(boardCards.projectId, ctx.project.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
