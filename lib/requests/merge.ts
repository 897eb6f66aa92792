import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { getRequestOrThrow, type StaffCtx } from './access';
import { publishChanged, publishOwn } from './events';
import { mailRequester } from './mail';
import { requestLinks, requestMessages, requests, type RequestRow } from './tables';
import { insertEntry } from './thread';
import type { RequestSummary } from './types';
import { summaryById } from './views';

/**
 * Merges a duplicate into another request of the same requester: the duplicate's thread
 * moves over, it is closed pointing at the target, both threads say so (public, so the
 * requester reads it) and the requester is emailed. Different requesters are refused: their
 * public replies would reach someone else.
 */
export async function mergeRequest(ctx: StaffCtx, id: string, targetId: string): Promise<RequestSummary> {
  const { source, target } = await (ctx.db as Db).transaction(async (tx) => {
    // Locked in number order, so two opposite merges cannot deadlock.
    const [a, b] = [id, targetId].sort();
    const first = await getRequestOrThrow({ ...ctx, db: tx }, a, true);
    const second = await getRequestOrThrow({ ...ctx, db: tx }, b, true);
    const source = first.id === id ? first : second;
    const target = first.id === id ? second : first;
    if (source.id === target.id) throw new HttpError(400, 'invalidInput', { targetId: 'requests.mergeSelf' });
    if (source.status === 'closed' || target.status === 'closed') throw new HttpError(409, 'requests.closed');
    if (source.requesterId !== target.requesterId) throw new HttpError(409, 'requests.mergeOtherRequester', { targetId: 'requests.mergeOtherRequester' });
    const now = new Date();
    await tx.update(requestMessages).set({ requestId: target.id }).where(eq(requestMessages.requestId, source.id));
    const [closed] = await tx
      .update(requests)
      .set({ status: 'closed', mergedIntoId: target.id, resolvedAt: source.resolvedAt ?? now, updatedAt: now })
      .where(eq(requests.id, source.id))
      .returning();
    const [kept] = await tx.update(requests).set({ updatedAt: now }).where(eq(requests.id, target.id)).returning();
    // Events carry numbers only: the page renders them in the reader's language.
    await insertEntry(tx, kept, null, 'event', `merged:${source.number}`);
    await insertEntry(tx, closed, null, 'event', `mergedInto:${target.number}`);
    return { source: closed, target: kept };
  });
  await publishChanged(source);
  await publishChanged(target);
  await publishOwn(source);
  await publishOwn(target);
  await mailRequester(ctx.db as Db, source, 'requestMerged', { target });
  return summaryById(ctx.db, target.id);
}

const pair = (x: string, y: string) => (x < y ? { aId: x, bId: y } : { aId: y, bId: x });

/** Marks two requests of the project as related (once; linking again changes nothing). */
export async function linkRequests(ctx: StaffCtx, id: string, relatedId: string): Promise<RequestRow> {
  const row = await getRequestOrThrow(ctx, id);
  const other = await getRequestOrThrow(ctx, relatedId);
  if (row.id === other.id) throw new HttpError(400, 'invalidInput', { relatedId: 'requests.linkSelf' });
  await ctx.db
    .insert(requestLinks)
    .values({ projectId: row.projectId, ...pair(row.id, other.id) })
    .onConflictDoNothing();
  await publishChanged(row);
  await publishChanged(other);
  return other;
}

export async function unlinkRequests(ctx: StaffCtx, id: string, relatedId: string): Promise<void> {
  const row = await getRequestOrThrow(ctx, id);
  const other = await getRequestOrThrow(ctx, relatedId);
  const p = pair(row.id, other.id);
  const gone = await ctx.db
    .delete(requestLinks)
    .where(and(eq(requestLinks.projectId, row.projectId), eq(requestLinks.aId, p.aId), eq(requestLinks.bId, p.bId)))
    .returning();
  if (gone.length === 0) throw new HttpError(404, 'notFound');
  await publishChanged(row);
  await publishChanged(other);
}
