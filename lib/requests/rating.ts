import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { isActiveMember } from '../chats/access';
import type { Db } from '../db/client';
import { env } from '../env';
import { HttpError } from '../http/errors';
import { enforce } from '../http/rate-limit';
import { cachedProjectRead } from '../auth/callers';
import { isUuid } from '../auth/refresh-token';
import { getOwnRequestOrThrow, type Conn, type OwnCtx } from './access';
import { publishChanged } from './events';
import { mailRequester } from './mail';
import { pathFor } from '../routes/match';
import { RATING_CHANGES_MAX, RATING_LINK_DAYS, SATISFACTION_DAYS } from './limits';
import type { RatingInput } from './schemas';
import { requestRatings, requests, type RequestRow } from './tables';
import type { OwnRating, RequestRating, Satisfaction } from './types';

// Satisfaction ratings. The emailed link carries a signed token instead of a session: it
// names the request and the moment it was solved, signed with AUTH_SECRET. Nothing is
// stored for it; it stops working when the request is reopened (the moment changes), after
// RATING_LINK_DAYS, or once the rating has been given RATING_CHANGES_MAX times (the same
// cap as on the request page: the link may overwrite a rating, but not forever).

const DAY_MS = 24 * 60 * 60 * 1000;
const invalidLink = () => new HttpError(400, 'requests.ratingLinkInvalid', { token: 'requests.ratingLinkInvalid' });

const signature = (requestId: string, solvedAt: string) =>
  createHmac('sha256', env().AUTH_SECRET).update(`atrio:request-rating:${requestId}.${solvedAt}`).digest().subarray(0, 18).toString('base64url');

/** The emailed link's token for a solved request: `<id>.<solved ms in base 36>.<signature>`. */
export function ratingToken(request: Pick<RequestRow, 'id' | 'resolvedAt'>): string {
  if (!request.resolvedAt) throw new Error('Only a solved request is rated');
  const solvedAt = request.resolvedAt.getTime().toString(36);
  return `${request.id}.${solvedAt}.${signature(request.id, solvedAt)}`;
}

/** Whether a request is one its requester may rate: solved and not merged into another. */
export const isRatable = (row: Pick<RequestRow, 'status' | 'mergedIntoId'>) => (row.status === 'resolved' || row.status === 'closed') && !row.mergedIntoId;

/** The request a token names, if the token is genuine and still good; anything else is the same 400. */
async function requestOfToken(db: Conn, token: string, now = new Date()): Promise<RequestRow> {
  const [id, solvedAt, given, ...rest] = token.split('.');
  if (rest.length > 0 || !id || !solvedAt || !given || !isUuid(id)) throw invalidLink();
  const expected = Buffer.from(signature(id, solvedAt));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw invalidLink();
  const [row] = await db.select().from(requests).where(eq(requests.id, id)).limit(1);
  if (!row || !isRatable(row) || row.resolvedAt?.getTime().toString(36) !== solvedAt) throw invalidLink();
  if (now.getTime() - row.resolvedAt.getTime() > RATING_LINK_DAYS * DAY_MS) throw invalidLink();
  // The requester must still be a user of the project, as on their request page.
  if (!(await isActiveMember(db, row.requesterId, row.projectId))) throw invalidLink();
  return row;
}

/**
 * Gives or overwrites the request's rating in one statement: the update only happens while
 * fewer than RATING_CHANGES_MAX submissions were made, so parallel ones cannot pass the cap.
 */
async function saveRating(db: Db, row: RequestRow, input: RatingInput): Promise<OwnRating> {
  const now = new Date();
  const [saved] = await db
    .insert(requestRatings)
    .values({ requestId: row.id, projectId: row.projectId, score: input.score, comment: input.comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: requestRatings.requestId,
      set: { score: input.score, comment: input.comment, changes: sql`${requestRatings.changes} + 1`, updatedAt: now },
      setWhere: sql`${requestRatings.changes} < ${RATING_CHANGES_MAX}`,
    })
    .returning();
  if (!saved) throw new HttpError(409, 'requests.ratingLimit', {}, { max: RATING_CHANGES_MAX });
  await publishChanged(row);
  return ownRating(saved);
}

const ownRating = (r: typeof requestRatings.$inferSelect): OwnRating => ({
  score: r.score,
  comment: r.comment,
  updatedAt: r.updatedAt.toISOString(),
  changesLeft: Math.max(0, RATING_CHANGES_MAX - r.changes),
});

/** Per address: the link needs no session, so guesses at tokens are counted. */
export const RATING_LINK_LIMIT = { points: 20, windowSeconds: 60 * 60 };

/** The emailed link's rating: the token is the credential. */
export async function rateByToken(db: Db, ip: string, input: RatingInput & { token: string }): Promise<{ number: number; rating: OwnRating }> {
  await enforce(db, `requests:rating:${ip}`, RATING_LINK_LIMIT);
  const row = await requestOfToken(db, input.token);
  return { number: row.number, rating: await saveRating(db, row, input) };
}

/** The requester rates from their own request page. */
export async function rateOwn(ctx: OwnCtx, id: string, input: RatingInput): Promise<OwnRating> {
  const row = await getOwnRequestOrThrow(ctx, id);
  if (!isRatable(row)) throw new HttpError(409, 'requests.notSolved');
  return saveRating(ctx.db as Db, row, input);
}

async function ratingRow(db: Conn, requestId: string) {
  const [row] = await db.select().from(requestRatings).where(eq(requestRatings.requestId, requestId)).limit(1);
  return row ?? null;
}

/** What staff see on the request. */
export async function ratingOf(db: Conn, requestId: string): Promise<RequestRating | null> {
  const row = await ratingRow(db, requestId);
  return row && { score: row.score, comment: row.comment, updatedAt: row.updatedAt.toISOString() };
}

/** What the requester sees on their request, and whether they may (still) rate it. */
export async function ownRatingOf(db: Conn, request: RequestRow): Promise<{ rating: OwnRating | null; mayRate: boolean }> {
  const row = await ratingRow(db, request.id);
  const rating = row && ownRating(row);
  return { rating, mayRate: isRatable(request) && (rating?.changesLeft ?? 1) > 0 };
}

/** The project's ratings given or changed in the last SATISFACTION_DAYS days, and the good ones among them. */
export async function satisfaction(db: Conn, projectId: string, now = new Date()): Promise<Satisfaction> {
  const since = new Date(now.getTime() - SATISFACTION_DAYS * DAY_MS);
  const [row] = await db
    .select({ total: count(), good: sql<number>`count(*) filter (where ${requestRatings.score} = 'good')`.mapWith(Number) })
    .from(requestRatings)
    .where(and(eq(requestRatings.projectId, projectId), gt(requestRatings.updatedAt, since)));
  return { good: row?.good ?? 0, total: row?.total ?? 0, days: SATISFACTION_DAYS };
}

/** `satisfaction` kept per project until its data changes (see lib/dashboard/activity.ts): the home shows it to every member. */
export function cachedSatisfaction(db: Conn, projectId: string): Promise<Satisfaction> {
  return cachedProjectRead(db, projectId, 'satisfaction', () => satisfaction(db, projectId));
}

/**
 * Offers the requester a rating once a request has just been solved (resolved, or closed
 * straight away): not again when a resolved one closes, not for a merged duplicate.
 */
export async function offerRating(db: Db, before: Pick<RequestRow, 'resolvedAt'>, after: RequestRow): Promise<void> {
  if (before.resolvedAt || !after.resolvedAt || !isRatable(after)) return;
  const token = ratingToken(after);
  await mailRequester(db, after, 'requestSolved', { link: (locale) => `${pathFor('requestRating', locale)}?token=${encodeURIComponent(token)}` });
}
