import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { cachedRead } from '../auth/callers';
import { removeStored } from '../chats/attachments';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { textFor } from '../i18n/server-text';
import { getBoardOrThrow, lockBoard, type Reader } from './access';
import { publishBoard } from './events';
import { BOARD_COLUMNS_MAX, BOARD_LABELS_MAX, BOARDS_MAX } from './limits';
import { rankBetween, spreadRanks } from './rank';
import { templateContent } from './templates';
import type { BoardCreateInput, BoardInput, ColumnInput, ColumnPatch, LabelInput, LabelPatch } from './schemas';
import { boardAttachments, boardCards, boardColumns, boardLabels, boards } from './tables';
import type { BoardSummary, BoardView, ColumnView, LabelView } from './types';
import { boardCardsQuery, cardView, columnView, countsFor, projectMembers } from './views';

/** The project's boards, newest first, with their column and open card counts. */
export async function listBoards(ctx: Reader): Promise<BoardSummary[]> {
  const rows = await ctx.db
    .select({
      id: boards.id,
      name: boards.name,
      createdAt: boards.createdAt,
      // Written out: drizzle leaves columns unqualified inside a subquery, which would bind to the inner table.
      columns: sql<number>`(select count(*)::int from board_columns c where c.board_id = "boards"."id" and c.archived_at is null)`,
      cards: sql<number>`(select count(*)::int from board_cards k where k.board_id = "boards"."id" and k.archived_at is null)`,
    })
    .from(boards)
    .where(eq(boards.projectId, ctx.project.id))
    .orderBy(desc(boards.createdAt), asc(boards.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * One board with everything its page draws: columns (archived ones too), labels, members and
 * its open cards (or its archived ones). The same for every member who opens it, so kept per
 * board until the database announces a change to it (migration 0028), to the project's
 * members (0020) or to one of their names.
 */
export function getBoardView(ctx: Reader, id: string, options: { archived?: boolean } = {}): Promise<BoardView> {
  const archived = options.archived ?? false;
  return cachedRead(
    ctx.db,
    `board|${ctx.project.id}|${id}|${archived ? 'archived' : 'open'}`,
    () => readBoardView(ctx, id, archived),
    (view) => [`b:${view.id}`, `p:${ctx.project.id}`, ...view.members.map((m) => `u:${m.id}`)],
    ['data', 'callers'],
    { shelf: 'boards', weigh: (view) => 1 + view.cards.length + view.members.length },
  );
}

async function readBoardView(ctx: Reader, id: string, archived: boolean): Promise<BoardView> {
  const board = await getBoardOrThrow(ctx, id);
  const [columns, labels, members, cards] = await Promise.all([
    ctx.db.select().from(boardColumns).where(eq(boardColumns.boardId, board.id)).orderBy(boardColumns.rank),
    ctx.db
      .select({ id: boardLabels.id, name: boardLabels.name, color: boardLabels.color })
      .from(boardLabels)
      .where(eq(boardLabels.boardId, board.id))
      .orderBy(boardLabels.name),
    projectMembers(ctx.db, ctx.project.id),
    boardCardsQuery(ctx.db, ctx.project.id, board.id, archived),
  ]);
  const counts = await countsFor(
    ctx.db,
    ctx.project.id,
    cards.map((c) => c.id),
  );
  return { id: board.id, name: board.name, columns: columns.map(columnView), labels, members, cards: cards.map((c) => cardView(c, counts.get(c.id)!)) };
}

/** A new board, with the chosen template's columns and labels named in the creator's language, in one transaction. */
export async function createBoard(ctx: ProjectContext, input: BoardCreateInput): Promise<BoardSummary> {
  const { columns, labels } = templateContent(input.template ?? 'blank', textFor(ctx.locale, 'boards'));
  const row = await ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(boards).where(eq(boards.projectId, ctx.project.id));
    if (n >= BOARDS_MAX) throw new HttpError(409, 'boardsTooMany', {}, { max: BOARDS_MAX });
    const [board] = await tx.insert(boards).values({ projectId: ctx.project.id, name: input.name, createdBy: ctx.viewer.user.id }).returning();
    const ranks = spreadRanks(columns.length);
    if (columns.length) await tx.insert(boardColumns).values(columns.map((c, i) => ({ projectId: ctx.project.id, boardId: board.id, rank: ranks[i], ...c })));
    if (labels.length) await tx.insert(boardLabels).values(labels.map((l) => ({ projectId: ctx.project.id, boardId: board.id, ...l })));
    return board;
  });
  return { id: row.id, name: row.name, columns: columns.length, cards: 0, createdAt: row.createdAt.toISOString() };
}

export async function renameBoard(ctx: ProjectContext, id: string, input: BoardInput): Promise<BoardSummary> {
  await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, id);
    await tx.update(boards).set({ name: input.name }).where(eq(boards.id, board.id));
  });
  await publishBoard(ctx.project.id, id);
  return (await listBoards(ctx)).find((b) => b.id === id)!;
}

/** Deletes the board with its columns, cards and everything on them; their stored files go after the commit. */
export async function deleteBoard(ctx: ProjectContext, id: string): Promise<{ name: string }> {
  const board = await getBoardOrThrow(ctx, id);
  const keys = await ctx.db.transaction(async (tx) => {
    await lockBoard(tx, ctx, board.id);
    const files = await tx
      .select({ key: boardAttachments.key })
      .from(boardAttachments)
      .innerJoin(boardCards, eq(boardCards.id, boardAttachments.cardId))
      .where(and(eq(boardCards.boardId, board.id), eq(boardAttachments.projectId, ctx.project.id)));
    await tx.delete(boards).where(and(eq(boards.id, board.id), eq(boards.projectId, ctx.project.id)));
    return files.map((f) => f.key);
  });
  // Rows first, files after: a crash in between leaves orphans the start-up sweep removes.
  await removeStored(keys);
  await publishBoard(ctx.project.id, board.id, true);
  return { name: board.name };
}

/** The rank right after `afterId` among the board's columns (or first), never touching another row. */
async function columnRankAfter(tx: Tx, boardId: string, afterId: string | null | undefined, movingId?: string): Promise<string> {
  let lower: string | null = null;
  if (afterId) {
    const [after] = await tx
      .select({ rank: boardColumns.rank })
      .from(boardColumns)
      .where(and(eq(boardColumns.id, afterId), eq(boardColumns.boardId, boardId)));
    if (!after) throw new HttpError(400, 'invalidInput', { afterId: 'notFound' });
    lower = after.rank;
  }
  const [next] = await tx
    .select({ rank: boardColumns.rank })
    .from(boardColumns)
    .where(
      and(
        eq(boardColumns.boardId, boardId),
        lower === null ? undefined : gt(boardColumns.rank, lower),
        movingId ? sql`${boardColumns.id} <> ${movingId}` : undefined,
      ),
    )
    .orderBy(boardColumns.rank)
    .limit(1);
  return rankBetween(lower, next?.rank ?? null);
}

async function lastColumnId(tx: Tx, boardId: string): Promise<string | null> {
  const [last] = await tx.select({ id: boardColumns.id }).from(boardColumns).where(eq(boardColumns.boardId, boardId)).orderBy(desc(boardColumns.rank)).limit(1);
  return last?.id ?? null;
}

/** A new column at the end of the board. */
export async function createColumn(ctx: ProjectContext, boardId: string, input: ColumnInput): Promise<ColumnView> {
  const column = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(boardColumns)
      .where(and(eq(boardColumns.boardId, board.id), isNull(boardColumns.archivedAt)));
    if (n >= BOARD_COLUMNS_MAX) throw new HttpError(409, 'boardsTooManyColumns', {}, { max: BOARD_COLUMNS_MAX });
    const rank = await columnRankAfter(tx, board.id, await lastColumnId(tx, board.id));
    const [row] = await tx
      .insert(boardColumns)
      .values({ projectId: ctx.project.id, boardId: board.id, name: input.name, rank, wipLimit: input.wipLimit ?? null, wipHard: input.wipHard ?? false })
      .returning();
    return row;
  });
  await publishBoard(ctx.project.id, boardId);
  return columnView(column);
}

/** Renames, limits, archives or restores, or moves a column after another (`afterId` null: first). */
export async function updateColumn(ctx: ProjectContext, boardId: string, columnId: string, patch: ColumnPatch): Promise<ColumnView> {
  const column = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const [current] = await tx
      .select()
      .from(boardColumns)
      .where(and(eq(boardColumns.id, columnId), eq(boardColumns.boardId, board.id), eq(boardColumns.projectId, ctx.project.id)));
    if (!current) throw new HttpError(404, 'notFound');
    if (patch.afterId === columnId) throw new HttpError(400, 'invalidInput', { afterId: 'invalidInput' });
    const rank = patch.afterId !== undefined ? await columnRankAfter(tx, board.id, patch.afterId, current.id) : current.rank;
    const archivedAt = patch.archived === undefined ? current.archivedAt : patch.archived ? (current.archivedAt ?? new Date()) : null;
    const [row] = await tx
      .update(boardColumns)
      .set({
        name: patch.name ?? current.name,
        wipLimit: patch.wipLimit === undefined ? current.wipLimit : patch.wipLimit,
        wipHard: patch.wipHard ?? current.wipHard,
        archivedAt,
        rank,
      })
      .where(eq(boardColumns.id, current.id))
      .returning();
    return row;
  });
  await publishBoard(ctx.project.id, boardId);
  return columnView(column);
}

export async function createLabel(ctx: ProjectContext, boardId: string, input: LabelInput): Promise<LabelView> {
  const label = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const [{ n }] = await tx.select({ n: count() }).from(boardLabels).where(eq(boardLabels.boardId, board.id));
    if (n >= BOARD_LABELS_MAX) throw new HttpError(409, 'boardsTooManyLabels', {}, { max: BOARD_LABELS_MAX });
    const [row] = await tx
      .insert(boardLabels)
      .values({ projectId: ctx.project.id, boardId: board.id, name: input.name, color: input.color })
      .returning({ id: boardLabels.id, name: boardLabels.name, color: boardLabels.color });
    return row;
  });
  await publishBoard(ctx.project.id, boardId);
  return label;
}

async function labelOrThrow(tx: Tx, ctx: Reader, boardId: string, labelId: string) {
  const [row] = await tx
    .select()
    .from(boardLabels)
    .where(and(eq(boardLabels.id, labelId), eq(boardLabels.boardId, boardId), eq(boardLabels.projectId, ctx.project.id)));
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

export async function updateLabel(ctx: ProjectContext, boardId: string, labelId: string, patch: LabelPatch): Promise<LabelView> {
  const label = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const current = await labelOrThrow(tx, ctx, board.id, labelId);
    const [row] = await tx
      .update(boardLabels)
      .set({ name: patch.name ?? current.name, color: patch.color ?? current.color })
      .where(eq(boardLabels.id, current.id))
      .returning({ id: boardLabels.id, name: boardLabels.name, color: boardLabels.color });
    return row;
  });
  await publishBoard(ctx.project.id, boardId);
  return label;
}

/** Removes the label and takes it off every card of the board. */
export async function deleteLabel(ctx: ProjectContext, boardId: string, labelId: string): Promise<{ name: string }> {
  const name = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const current = await labelOrThrow(tx, ctx, board.id, labelId);
    await tx
      .update(boardCards)
      .set({ labelIds: sql`array_remove(${boardCards.labelIds}, ${current.id}::uuid)` })
      .where(and(eq(boardCards.boardId, board.id), sql`${current.id}::uuid = any(${boardCards.labelIds})`));
    await tx.delete(boardLabels).where(eq(boardLabels.id, current.id));
    return current.name;
  });
  await publishBoard(ctx.project.id, boardId);
  return { name };
}
