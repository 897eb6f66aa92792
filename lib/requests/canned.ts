import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { isUuid } from '../auth/refresh-token';
import type { StaffCtx } from './access';
import { CANNED_MAX } from './limits';
import type { CannedReplyInput } from './schemas';
import { requestCannedReplies, type CannedReplyRow } from './tables';
import type { CannedReply } from './types';

// A project's canned replies: kept as written ({{name}} and the rest stay), filled in by the
// composer when one is inserted, so the same text serves every request.

const notFound = () => new HttpError(404, 'notFound');

const view = (row: CannedReplyRow): CannedReply => ({ id: row.id, title: row.title, body: row.body, updatedAt: row.updatedAt.toISOString() });

/** A canned reply of the active project; another project's id or a malformed one is a 404. */
export async function getCannedOrThrow(ctx: Pick<StaffCtx, 'db' | 'project'>, id: string): Promise<CannedReplyRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(requestCannedReplies)
    .where(and(eq(requestCannedReplies.id, id), eq(requestCannedReplies.projectId, ctx.project.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listCanned(ctx: Pick<StaffCtx, 'db' | 'project'>): Promise<CannedReply[]> {
  const rows = await ctx.db
    .select()
    .from(requestCannedReplies)
    .where(eq(requestCannedReplies.projectId, ctx.project.id))
    .orderBy(asc(requestCannedReplies.title), asc(requestCannedReplies.createdAt))
    .limit(CANNED_MAX);
  return rows.map(view);
}

export async function createCanned(ctx: StaffCtx, input: CannedReplyInput): Promise<CannedReply> {
  return (ctx.db as Db).transaction(async (tx) => {
    // Counted under the project's lock, so two creators cannot both pass the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`canned:${ctx.project.id}`}))`);
    const [{ n }] = await tx.select({ n: count() }).from(requestCannedReplies).where(eq(requestCannedReplies.projectId, ctx.project.id));
    if (n >= CANNED_MAX) throw new HttpError(409, 'requests.cannedLimit', {}, { max: CANNED_MAX });
    const [row] = await tx
      .insert(requestCannedReplies)
      .values({ projectId: ctx.project.id, title: input.title, body: input.body, createdBy: ctx.viewer.user.id })
      .returning();
    return view(row);
  });
}

export async function updateCanned(ctx: StaffCtx, id: string, input: CannedReplyInput): Promise<CannedReply> {
  const current = await getCannedOrThrow(ctx, id);
  const [row] = await ctx.db
    .update(requestCannedReplies)
    .set({ title: input.title, body: input.body, updatedAt: new Date() })
    .where(eq(requestCannedReplies.id, current.id))
    .returning();
  return view(row);
}

export async function deleteCanned(ctx: StaffCtx, id: string): Promise<CannedReplyRow> {
  const row = await getCannedOrThrow(ctx, id);
  await ctx.db.delete(requestCannedReplies).where(eq(requestCannedReplies.id, row.id));
  return row;
}
