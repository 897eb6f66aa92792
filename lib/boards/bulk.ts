import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { lockBoard } from './access';
import { changes, checkReferences, columnOrThrow, rankAtEnd, tooManyOnCard } from './cards';
import { publishCard } from './events';
import { ASSIGNEES_MAX, LABELS_MAX } from './limits';
import { rankBetween } from './rank';
import type { CardBulk } from './schemas';
import { boardActivity, boardCards, boardColumns, type BoardCard } from './tables';
import type { CardView } from './types';
import { cardView, countsFor } from './views';

export type BulkResult = { cards: CardView[]; wipExceeded: boolean };

/**
 * One action on many cards of one board, in one transaction: every id must be an open card
 * of this board (else 404, as for one card), every check passes for all of them or nothing
 * changes. Each changed card is published after the commit, as a single write would be.
 */
export async function bulkUpdateCards(ctx: ProjectContext, boardId: string, input: CardBulk): Promise<BulkResult> {
  const result = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const cards = await tx
      .select()
      .from(boardCards)
      .innerJoin(boardColumns, eq(boardColumns.id, boardCards.columnId))
      .where(and(eq(boardCards.boardId, board.id), eq(boardCards.projectId, ctx.project.id), inArray(boardCards.id, input.cardIds)))
      // Board order, so cards moved together keep the order they had.
      .orderBy(asc(boardColumns.rank), asc(boardCards.rank));
    if (cards.length !== input.cardIds.length) throw new HttpError(404, 'notFound');
    const rows = cards.map((c) => c.board_cards);
    if (rows.some((c) => c.archivedAt)) throw new HttpError(409, 'boardsCardArchived');
    const { updates, over } = await plan(tx, ctx, board.id, rows, input);
    const now = new Date();
    const saved: BoardCard[] = [];
    for (const { card, set } of updates) {
      const [row] = await tx
        .update(boardCards)
        .set({ ...set, updatedAt: now })
        .where(eq(boardCards.id, card.id))
        .returning();
      saved.push(row);
    }
    await recordAll(tx, ctx, updates, input);
    const counts = await countsFor(
      tx,
      ctx.project.id,
      saved.map((c) => c.id),
    );
    return { cards: saved.map((c) => cardView(c, counts.get(c.id)!)), over };
  });
  for (const card of result.cards) await publishCard(ctx.project.id, boardId, card);
  return { cards: result.cards, wipExceeded: result.over };
}

type Update = { card: BoardCard; set: Partial<BoardCard>; from?: string };

/** What each card becomes; cards the action leaves as they are (already there, already on) are left out. */
async function plan(tx: Tx, ctx: ProjectContext, boardId: string, cards: BoardCard[], input: CardBulk): Promise<{ updates: Update[]; over: boolean }> {
  switch (input.action) {
    case 'move': {
      const column = await columnOrThrow(tx, ctx, boardId, input.columnId, 'columnId');
      const coming = cards.filter((c) => c.columnId !== column.id);
      const over = await wipAfter(tx, column, coming.length);
      // Appended at the column's end, one after another.
      let rank = await rankAtEnd(tx, column.id);
      const updates: Update[] = [];
      for (const card of coming) {
        updates.push({ card, set: { columnId: column.id, rank }, from: card.columnId });
        rank = rankBetween(rank, null);
      }
      return { updates, over };
    }
    case 'assign': {
      if (input.userId) await checkReferences(tx, ctx, boardId, { assigneeIds: [input.userId] });
      const next = (c: BoardCard) => (input.userId === null ? [] : c.assigneeIds.includes(input.userId) ? c.assigneeIds : [...c.assigneeIds, input.userId]);
      if (cards.some((c) => next(c).length > ASSIGNEES_MAX)) throw tooManyOnCard('assigneeIds');
      return { updates: changed(cards, (c) => ({ assigneeIds: next(c) })), over: false };
    }
    case 'addLabel':
    case 'removeLabel': {
      const { labelId } = input;
      if (input.action === 'addLabel') await checkReferences(tx, ctx, boardId, { labelIds: [labelId] });
      const next = (c: BoardCard) =>
        input.action === 'removeLabel' ? c.labelIds.filter((id) => id !== labelId) : c.labelIds.includes(labelId) ? c.labelIds : [...c.labelIds, labelId];
      if (cards.some((c) => next(c).length > LABELS_MAX)) throw tooManyOnCard('labelIds');
      return { updates: changed(cards, (c) => ({ labelIds: next(c) })), over: false };
    }
    case 'archive':
      return { updates: cards.map((card) => ({ card, set: { archivedAt: new Date() } })), over: false };
  }
}

const changed = (cards: BoardCard[], make: (c: BoardCard) => Partial<BoardCard>): Update[] =>
  cards.map((card) => ({ card, set: make(card) })).filter((u) => Object.keys(changes(u.card, u.set)).length > 0);

/** The target column's WIP limit with `coming` more cards: a hard one refuses them all, a soft one warns. */
async function wipAfter(tx: Tx, column: typeof boardColumns.$inferSelect, coming: number): Promise<boolean> {
  if (column.wipLimit === null || coming === 0) return false;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(boardCards)
    .where(and(eq(boardCards.columnId, column.id), isNull(boardCards.archivedAt)));
  if (n + coming <= column.wipLimit) return false;
  if (column.wipHard) throw new HttpError(409, 'boardsWipFull', {}, { column: column.name, limit: column.wipLimit });
  return true;
}

/** Each changed card's history entry, as the single writes record them, in one insert. */
async function recordAll(tx: Tx, ctx: ProjectContext, updates: Update[], input: CardBulk) {
  if (!updates.length) return;
  const names = new Map<string, string>();
  if (input.action === 'move') {
    const ids = [...new Set([...updates.map((u) => u.from!), input.columnId])];
    for (const c of await tx.select({ id: boardColumns.id, name: boardColumns.name }).from(boardColumns).where(inArray(boardColumns.id, ids)))
      names.set(c.id, c.name);
  }
  const entry = ({ card, set, from }: Update) => {
    if (input.action === 'move') return { kind: 'moved', data: { from: names.get(from!) ?? null, to: names.get(input.columnId) ?? null } };
    if (input.action === 'archive') return { kind: 'archived', data: {} };
    return { kind: 'updated', data: changes(card, set) };
  };
  await tx
    .insert(boardActivity)
    .values(updates.map((u) => ({ projectId: ctx.project.id, boardId: u.card.boardId, cardId: u.card.id, actorId: ctx.viewer.user.id, ...entry(u) })));
}
