import { and, asc, count, desc, eq } from 'drizzle-orm';
import { renderMarkdown } from '../content/markdown';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { users } from '../users/tables';
import { getCardOrThrow, lockBoard, type Reader } from './access';
import { isImageType } from './limits';
import { recordActivity } from './cards';
import { publishCard } from './events';
import type { CommentInput } from './schemas';
import { boardActivity, boardAttachments, boardComments } from './tables';
import type { CardDetail, CardView, CommentView } from './types';
import { cardView, oneCardView } from './views';

/** The history shown in the dialog: the newest entries. */
const ACTIVITY_SHOWN = 100;

/** One card with its description rendered, its checklist, comments, files and history. */
export async function getCardDetail(ctx: Reader, boardId: string, cardId: string): Promise<CardDetail> {
  const card = await getCardOrThrow(ctx.db, ctx, boardId, cardId);
  const [comments, files, activity] = await Promise.all([
    ctx.db
      .select({ id: boardComments.id, authorId: boardComments.authorId, authorName: users.name, body: boardComments.body, createdAt: boardComments.createdAt })
      .from(boardComments)
      .leftJoin(users, eq(users.id, boardComments.authorId))
      .where(and(eq(boardComments.cardId, card.id), eq(boardComments.projectId, ctx.project.id)))
      .orderBy(asc(boardComments.createdAt), asc(boardComments.id)),
    ctx.db
      .select()
      .from(boardAttachments)
      .where(and(eq(boardAttachments.cardId, card.id), eq(boardAttachments.projectId, ctx.project.id)))
      .orderBy(asc(boardAttachments.createdAt)),
    ctx.db
      .select({ id: boardActivity.id, actorName: users.name, kind: boardActivity.kind, data: boardActivity.data, createdAt: boardActivity.createdAt })
      .from(boardActivity)
      .leftJoin(users, eq(users.id, boardActivity.actorId))
      .where(and(eq(boardActivity.cardId, card.id), eq(boardActivity.projectId, ctx.project.id)))
      .orderBy(desc(boardActivity.id))
      .limit(ACTIVITY_SHOWN),
  ]);
  return {
    ...cardView(card, {
      comments: comments.length,
      attachments: files.length,
      firstImage: files.find((f) => isImageType(f.type))?.id ?? null,
    }),
    description: card.description,
    descriptionHtml: card.description ? renderMarkdown(card.description) : '',
    checklistItems: card.checklist,
    commentList: comments.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    attachmentList: files.map((f) => ({ id: f.id, name: f.name, type: f.type, size: f.size, createdAt: f.createdAt.toISOString() })),
    activity: activity.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

export async function addComment(ctx: ProjectContext, boardId: string, cardId: string, input: CommentInput): Promise<{ comment: CommentView; card: CardView }> {
  const result = await ctx.db.transaction(async (tx) => {
    const board = await lockBoard(tx, ctx, boardId);
    const card = await getCardOrThrow(tx, ctx, board.id, cardId);
    const [{ n }] = await tx.select({ n: count() }).from(boardComments).where(eq(boardComments.cardId, card.id));
    if (n >= COMMENTS_MAX) throw new HttpError(409, 'boardsTooManyComments', {}, { max: COMMENTS_MAX });
    const [row] = await tx
      .insert(boardComments)
      .values({ projectId: ctx.project.id, cardId: card.id, authorId: ctx.viewer.user.id, body: input.body })
      .returning();
    await recordActivity(tx, ctx, card, 'commented');
    return {
      comment: { id: row.id, authorId: row.authorId, authorName: ctx.viewer.user.name, body: row.body, createdAt: row.createdAt.toISOString() },
      card: await oneCardView(tx, card),
    };
  });
  await publishCard(ctx.project.id, boardId, result.card);
  return result;
}

/** A card keeps at most this many comments (bounds the dialog and a hostile loop). */
export const COMMENTS_MAX = 500;
