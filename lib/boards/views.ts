import { and, eq, inArray, sql } from 'drizzle-orm';
import { memberships } from '../projects/tables';
import { users } from '../users/tables';
import type { Conn } from './access';
import { IMAGE_TYPES } from './limits';
import { boardAttachments, boardCards, boardComments, type BoardCard, type BoardColumn } from './tables';
import type { CardView, ColumnView, MemberView } from './types';

export const columnView = (c: BoardColumn): ColumnView => ({
  id: c.id,
  name: c.name,
  rank: c.rank,
  wipLimit: c.wipLimit,
  wipHard: c.wipHard,
  archived: c.archivedAt !== null,
});

/** Per card: comment and file counts, and its first image file (the cover unless another is chosen). */
export type Counts = { comments: number; attachments: number; firstImage: string | null };

export function cardView(c: BoardCard, counts: Counts): CardView {
  return {
    id: c.id,
    columnId: c.columnId,
    rank: c.rank,
    title: c.title,
    assigneeIds: c.assigneeIds,
    labelIds: c.labelIds,
    dueOn: c.dueOn,
    checklist: { done: c.checklist.filter((i) => i.done).length, total: c.checklist.length },
    comments: counts.comments,
    attachments: counts.attachments,
    coverId: c.coverOff ? null : (c.coverId ?? counts.firstImage),
    archived: c.archivedAt !== null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Counts and first images for many cards in three grouped queries (a board of 1,000 cards included). */
export async function countsFor(db: Conn, projectId: string, cardIds: string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>(cardIds.map((id) => [id, { comments: 0, attachments: 0, firstImage: null }]));
  if (!cardIds.length) return counts;
  const files = and(eq(boardAttachments.projectId, projectId), inArray(boardAttachments.cardId, cardIds));
  const [comments, attachments, images] = await Promise.all([
    db
      .select({ id: boardComments.cardId, n: sql<number>`count(*)::int` })
      .from(boardComments)
      .where(and(eq(boardComments.projectId, projectId), inArray(boardComments.cardId, cardIds)))
      .groupBy(boardComments.cardId),
    db
      .select({ id: boardAttachments.cardId, n: sql<number>`count(*)::int` })
      .from(boardAttachments)
      .where(files)
      .groupBy(boardAttachments.cardId),
    db
      .selectDistinctOn([boardAttachments.cardId], { id: boardAttachments.cardId, file: boardAttachments.id })
      .from(boardAttachments)
      .where(and(files, inArray(boardAttachments.type, [...IMAGE_TYPES])))
      .orderBy(boardAttachments.cardId, boardAttachments.createdAt, boardAttachments.id),
  ]);
  for (const r of comments) counts.get(r.id)!.comments = r.n;
  for (const r of attachments) counts.get(r.id)!.attachments = r.n;
  for (const r of images) counts.get(r.id)!.firstImage = r.file;
  return counts;
}

export async function oneCardView(db: Conn, card: BoardCard): Promise<CardView> {
  const counts = await countsFor(db, card.projectId, [card.id]);
  return cardView(card, counts.get(card.id)!);
}

/** The project's active members: who may be assigned. */
export async function projectMembers(db: Conn, projectId: string): Promise<MemberView[]> {
  return db
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.projectId, projectId), eq(memberships.status, 1)))
    .orderBy(sql`lower(${users.name})`, users.id);
}

/** Cards of a board in column then rank order (the index board_cards_column_idx serves it). */
export function boardCardsQuery(db: Conn, projectId: string, boardId: string, archived: boolean) {
  return db
    .select()
    .from(boardCards)
    .where(
      and(
        eq(boardCards.projectId, projectId),
        eq(boardCards.boardId, boardId),
        archived ? sql`${boardCards.archivedAt} is not null` : sql`${boardCards.archivedAt} is null`,
      ),
    )
    .orderBy(boardCards.columnId, boardCards.rank);
}
