import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { memberships } from '../projects/tables';
import { getCardOrThrow, lockBoard } from './access';
import { publishCard } from './events';
import { idsAfterLaneMove } from './lanes';
import { ASSIGNEES_MAX, BOARD_CARDS_MAX, isImageType, LABELS_MAX } from './limits';
import { rankBetween } from './rank';
import type { CardInput, CardMove, CardPatch, LaneMove } from './schemas';
import { boardActivity, boardAttachments, boardCards, boardColumns, boardLabels, type BoardCard, type BoardColumn, type ChecklistItem } from './tables';
import type { CardView } from './types';
import { oneCardView } from './views';

/** Appends one entry to the card's history, in the transaction that made the change. */
export async function recordActivity(tx: Tx, ctx: ProjectContext, card: Pick<BoardCard, 'id' | 'boardId'>, kind: string, data: Record<string, unknown> = {}) {
  await tx.insert(boardActivity).values({ projectId: ctx.project.id, boardId: card.boardId, cardId: card.id, actorId: ctx.viewer.user.id, kind, data });
}

export async function columnOrThrow(tx: Tx, ctx: ProjectContext, boardId: string, columnId: string, field: string): Promise<BoardColumn> {
  const [column] = await tx
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.id, columnId), eq(boardColumns.boardId, boardId), eq(boardColumns.projectId, ctx.project.id)));
  if (!column || column.archivedAt) throw new HttpError(400, 'invalidInput', { [field]: 'boardsNoSuchColumn' });
  return column;
}

/**
 * The WIP limit: a hard one refuses a card coming in past it (409, naming the column and
 * its limit); a soft one lets it in and the answer says the column is over.
 */
async function checkWip(tx: Tx, column: BoardColumn): Promise<{ over: boolean }> {
  if (column.wipLimit === null) return { over: false };
  const [{ n }] = await tx
    .select({ n: count() })
    .from(boardCards)
    .where(and(eq(boardCards.columnId, column.id), isNull(boardCards.archivedAt)));
  if (n + 1 <= column.wipLimit) return { over: false };
  if (column.wipHard) throw new HttpError(409, 'boardsWipFull', {}, { column: column.name, limit: column.wipLimit });
  return { over: true };
}

/**
 * The rank right after `afterId` in the column (null: at the top). The upper bound is read
 * now, under the board's lock, so two people dropping cards at the same spot end up one
 * after the other in one order that both then see.
 */
async function cardRankAfter(tx: Tx, columnId: string, afterId: string | null | undefined, movingId?: string): Promise<string> {
  let lower: string | null = null;
  if (afterId) {
    const [after] = await tx
      .select({ rank: boardCards.rank })
      .from(boardCards)
      .where(and(eq(boardCards.id, afterId), eq(boardCards.columnId, columnId), isNull(boardCards.archivedAt)));
    // A neighbour that moved away meanwhile: the card goes to the column's end instead.
    if (after) lower = after.rank;
    else return rankAtEnd(tx, columnId, movingId);
  }
  const [next] = await tx
    .select({ rank: boardCards.rank })
    .from(boardCards)
    .where(
      and(
        eq(boardCards.columnId, columnId),
        lower === null ? undefined : gt(boardCards.rank, lower),
        movingId ? sql`${boardCards.id} <> ${movingId}` : undefined,
      ),
    )
    .orderBy(boardCards.rank)
    .limit(1);
  return rankBetween(lower, next?.rank ?? null);
}

export async function rankAtEnd(tx: Tx, columnId: string, movingId?: string): Promise<string> {
  const [last] = await tx
    .select({ rank: boardCards.rank })
    .from(boardCards)
    .where(and(eq(boardCards.columnId, columnId), movingId ? sql`${boardCards.id} <> ${movingId}` : undefined))
    .orderBy(desc(boardCards.rank))
    .limit(1);
  return rankBetween(last?.rank ?? null, null);
}

export type CardWrite = { card: CardView; wipExceeded: boolean };

/** A new card at the end of its column. */
export async function createCard(ctx: ProjectContext, boardId: string, input: CardInput): Promise<CardWrite> {
  const { card, over } = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const column = await columnOrThrow(tx, ctx, board.id, input.columnId, 'columnId');
    const [{ n }] = await tx.select({ n: count() }).from(boardCards).where(eq(boardCards.boardId, board.id));
    if (n >= BOARD_CARDS_MAX) throw new HttpError(409, 'boardsTooManyCards', {}, { max: BOARD_CARDS_MAX });
    const { over } = await checkWip(tx, column);
    const [row] = await tx
      .insert(boardCards)
      .values({
        projectId: ctx.project.id,
        boardId: board.id,
        columnId: column.id,
        rank: await rankAtEnd(tx, column.id),
        title: input.title,
        description: input.description ?? '',
        createdBy: ctx.viewer.user.id,
      })
      .returning();
    await recordActivity(tx, ctx, row, 'created', { title: row.title, column: column.name });
    return { card: await oneCardView(tx, row), over };
  });
  await publishCard(ctx.project.id, boardId, card);
  return { card, wipExceeded: over };
}

/** Moves a card into a column right after another card; one row (the card's) changes. */
export async function moveCard(ctx: ProjectContext, boardId: string, cardId: string, move: CardMove): Promise<CardWrite> {
  const { card, over } = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const current = await getCardOrThrow(tx, ctx, board.id, cardId);
    if (current.archivedAt) throw new HttpError(409, 'boardsCardArchived');
    if (move.afterId === current.id) throw new HttpError(400, 'invalidInput', { afterId: 'invalidInput' });
    const column = await columnOrThrow(tx, ctx, board.id, move.columnId, 'columnId');
    const changesColumn = column.id !== current.columnId;
    const { over } = changesColumn ? await checkWip(tx, column) : { over: false };
    const rank = await cardRankAfter(tx, column.id, move.afterId, current.id);
    const lane = move.lane ? await laneChange(tx, ctx, board.id, current, move.lane) : {};
    const [row] = await tx
      .update(boardCards)
      .set({ columnId: column.id, rank, ...lane, updatedAt: new Date() })
      .where(eq(boardCards.id, current.id))
      .returning();
    if (changesColumn) {
      const [from] = await tx.select({ name: boardColumns.name }).from(boardColumns).where(eq(boardColumns.id, current.columnId));
      await recordActivity(tx, ctx, row, 'moved', { from: from?.name ?? null, to: column.name });
    }
    const diff = changes(current, lane);
    if (Object.keys(diff).length) await recordActivity(tx, ctx, row, 'updated', diff);
    return { card: await oneCardView(tx, row), over };
  });
  await publishCard(ctx.project.id, boardId, card);
  return { card, wipExceeded: over };
}

/** The card's assignees or labels after a swimlane move; whoever or whatever it joins is checked like an edit's. */
async function laneChange(tx: Tx, ctx: ProjectContext, boardId: string, card: BoardCard, lane: LaneMove): Promise<Partial<BoardCard>> {
  const field = lane.by === 'assignee' ? 'assigneeIds' : 'labelIds';
  if (lane.to) await checkReferences(tx, ctx, boardId, { [field]: [lane.to] });
  const ids = idsAfterLaneMove(card[field], lane.from, lane.to);
  if (ids.length > (field === 'assigneeIds' ? ASSIGNEES_MAX : LABELS_MAX)) throw tooManyOnCard(field);
  return { [field]: ids };
}

export const tooManyOnCard = (field: 'assigneeIds' | 'labelIds') =>
  new HttpError(
    409,
    field === 'assigneeIds' ? 'boardsCardAssigneesFull' : 'boardsCardLabelsFull',
    {},
    { max: field === 'assigneeIds' ? ASSIGNEES_MAX : LABELS_MAX },
  );

/** Ids that are not the project's active members (assignees) or the board's labels: a 400 naming the field. */
export async function checkReferences(tx: Tx, ctx: ProjectContext, boardId: string, patch: Pick<CardPatch, 'assigneeIds' | 'labelIds'>) {
  if (patch.assigneeIds?.length) {
    const found = await tx
      .select({ id: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.projectId, ctx.project.id), eq(memberships.status, 1), inArray(memberships.userId, patch.assigneeIds)));
    if (found.length !== patch.assigneeIds.length) throw new HttpError(400, 'invalidInput', { assigneeIds: 'boardsNotMember' });
  }
  if (patch.labelIds?.length) {
    const found = await tx
      .select({ id: boardLabels.id })
      .from(boardLabels)
      .where(and(eq(boardLabels.boardId, boardId), eq(boardLabels.projectId, ctx.project.id), inArray(boardLabels.id, patch.labelIds)));
    if (found.length !== patch.labelIds.length) throw new HttpError(400, 'invalidInput', { labelIds: 'boardsNoSuchLabel' });
  }
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What changed, for the history: small values only (a description's text is not copied). */
export function changes(current: BoardCard, next: Partial<BoardCard>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (next.title !== undefined && next.title !== current.title) out.title = { from: current.title, to: next.title };
  if (next.description !== undefined && next.description !== current.description) out.description = true;
  if (next.assigneeIds && !sameList(next.assigneeIds, current.assigneeIds)) out.assigneeIds = next.assigneeIds;
  if (next.labelIds && !sameList(next.labelIds, current.labelIds)) out.labelIds = next.labelIds;
  if (next.dueOn !== undefined && next.dueOn !== current.dueOn) out.dueOn = { from: current.dueOn, to: next.dueOn };
  if (next.checklist && JSON.stringify(next.checklist) !== JSON.stringify(current.checklist)) {
    out.checklist = { done: next.checklist.filter((i) => i.done).length, total: next.checklist.length };
  }
  if ((next.coverId !== undefined && next.coverId !== current.coverId) || (next.coverOff !== undefined && next.coverOff !== current.coverOff)) out.cover = true;
  return out;
}

/** A chosen cover must be one of the card's own image files; null turns the cover off. */
async function coverChange(tx: Tx, ctx: ProjectContext, card: BoardCard, coverId: string | null): Promise<Pick<BoardCard, 'coverId' | 'coverOff'>> {
  if (coverId === null) return { coverId: null, coverOff: true };
  const [file] = await tx
    .select({ type: boardAttachments.type })
    .from(boardAttachments)
    .where(and(eq(boardAttachments.id, coverId), eq(boardAttachments.cardId, card.id), eq(boardAttachments.projectId, ctx.project.id)));
  if (!file || !isImageType(file.type)) throw new HttpError(400, 'invalidInput', { coverId: 'boardsNotImage' });
  return { coverId, coverOff: false };
}

/** Changes the fields present; archiving or restoring is recorded as its own entry. */
export async function updateCard(ctx: ProjectContext, boardId: string, cardId: string, patch: CardPatch): Promise<CardWrite> {
  const { card, over } = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const current = await getCardOrThrow(tx, ctx, board.id, cardId);
    await checkReferences(tx, ctx, board.id, patch);
    const checklist: ChecklistItem[] | undefined = patch.checklist?.map((i) => ({ id: i.id ?? crypto.randomUUID(), text: i.text, done: i.done }));
    const next: Partial<BoardCard> = {
      title: patch.title,
      description: patch.description,
      assigneeIds: patch.assigneeIds,
      labelIds: patch.labelIds,
      dueOn: patch.dueOn === undefined ? undefined : (patch.dueOn ?? null),
      checklist,
      ...(patch.coverId !== undefined && (await coverChange(tx, ctx, current, patch.coverId))),
    };
    const diff = changes(current, next);
    let over = false;
    let archivedAt = current.archivedAt;
    if (patch.archived !== undefined && patch.archived !== (current.archivedAt !== null)) {
      if (patch.archived) archivedAt = new Date();
      else {
        // Restored into its column (at the end), which must still be open and have room.
        const column = await columnOrThrow(tx, ctx, board.id, current.columnId, 'archived');
        over = (await checkWip(tx, column)).over;
        next.rank = await rankAtEnd(tx, column.id, current.id);
        archivedAt = null;
      }
    }
    const archiving = archivedAt !== current.archivedAt;
    if (!Object.keys(diff).length && !archiving) return { card: await oneCardView(tx, current), over, same: true };
    const [row] = await tx
      .update(boardCards)
      .set({ ...next, archivedAt, updatedAt: new Date() })
      .where(eq(boardCards.id, current.id))
      .returning();
    if (Object.keys(diff).length) await recordActivity(tx, ctx, row, 'updated', diff);
    if (archiving) await recordActivity(tx, ctx, row, archivedAt ? 'archived' : 'restored');
    return { card: await oneCardView(tx, row), over, same: false };
  });
  await publishCard(ctx.project.id, boardId, card);
  return { card, wipExceeded: over };
}
