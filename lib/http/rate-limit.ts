import { lt, sql, type Placeholder } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { HttpError } from './errors';
import { rateLimits } from './tables';

export type Limit = { points: number; windowSeconds: number };

/** Limits named in the accounts contract; every caller names one of these. */
export const LIMITS = {
  login: { points: 10, windowSeconds: 60 },
  // Counted per account and address pair: 10 failures lock that pair, never the account.
  loginFailures: { points: 10, windowSeconds: 15 * 60 },
  // A lock is a key that exists: any point means locked, for the whole window.
  loginLock: { points: 0, windowSeconds: 15 * 60 },
  // Per account across addresses: past it, an address that has failed waits; a clean one may still try.
  loginAccountFailures: { points: 100, windowSeconds: 60 * 60 },
  // A signed-in session re-proving its password (password or email change), per user;
  // counted before the check, so parallel guesses cannot all slip through.
  passwordCheck: { points: 5, windowSeconds: 15 * 60 },
  passwordCheckLock: { points: 0, windowSeconds: 15 * 60 },
  // Each change emails two addresses: per user and per address, like registration.
  emailChange: { points: 5, windowSeconds: 60 * 60 },
  register: { points: 5, windowSeconds: 60 * 60 },
  captcha: { points: 30, windowSeconds: 60 },
  forgotPassword: { points: 5, windowSeconds: 60 * 60 },
  emailConfirmation: { points: 10, windowSeconds: 60 },
  requestProject: { points: 10, windowSeconds: 60 * 60 },
  // The form checks the key as the user types (debounced): generous, but no free enumeration.
  requestProjectKey: { points: 120, windowSeconds: 60 },
  // Counted per inviter, not per address: invitations send email to strangers.
  invitations: { points: 30, windowSeconds: 60 * 60 },
  // Root's test emails, per root user: a check of the SMTP setup, not a way to send mail.
  emailTest: { points: 10, windowSeconds: 60 * 60 },
  // Chat messages per author, staff and customers alike: a flood is refused before its body is
  // read. CHAT_MESSAGES_PER_MINUTE may set other points (the socket benchmark does).
  chatMessages: { points: 60, windowSeconds: 60 },
  // Chat uploads per author, weighted by KiB received (so small files are not rounded up to a
  // megabyte each): 200 MB an hour, reserved by the declared length before reading.
  chatUploadKilobytes: { points: 200 * 1024, windowSeconds: 60 * 60 },
  // WhatsApp's webhook is open to anyone, so guesses at a verify token or an app secret are
  // counted per address: every handshake (Meta makes one when the URL is saved), and
  // deliveries that no project's signature matches (Meta's own always match).
  whatsappHandshake: { points: 30, windowSeconds: 60 },
  whatsappBadDeliveries: { points: 30, windowSeconds: 60 },
  // Photomagik's public generate API: per address, counted before the key is checked (every
  // call, good key or not), and per project key once it is (one app's burst cannot queue
  // thousands of jobs; credits bound spending, this bounds load). A project's backend usually
  // calls from one address, so the address limit is the looser one.
  photomagikGenerateAddress: { points: 120, windowSeconds: 60 },
  photomagikGenerateKey: { points: 60, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

export type LimitState = { points: number; resetAt: Date; exceeded: boolean; retryAfterSeconds: number };

function state(points: number, resetAt: Date, limit: Limit): LimitState {
  return {
    points,
    resetAt,
    exceeded: points > limit.points,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
  };
}

/**
 * The upsert that counts `weight` hits on `key` in a fixed window, returning the count and
 * the window's end; a statement of its own (`hit`) or a part of a larger one (a chat batch
 * counts its authors within its insert).
 */
export function hitUpsert(db: Db | Tx, key: string, limit: Limit, weight = 1) {
  return countUpsert(db, key, weight, new Date(Date.now() + limit.windowSeconds * 1000));
}

/**
 * `hitUpsert`'s statement with the window's end given: each value may be a placeholder, for a
 * statement built once and run with other values (a chat batch's, see chats/batch-insert.ts).
 */
export function countUpsert(db: Db | Tx, key: string | Placeholder, weight: number | Placeholder, resetAt: Date | Placeholder) {
  return db
    .insert(rateLimits)
    .values({ key, points: weight, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`case when ${rateLimits.resetAt} <= now() then ${weight} else ${rateLimits.points} + ${weight} end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ points: rateLimits.points, resetAt: rateLimits.resetAt });
}

/** What an upsert of `hitUpsert` returned, against its limit; old windows are swept now and then rather than by a timer. */
export async function limitState(db: Db | Tx, row: { points: number; resetAt: Date }, limit: Limit): Promise<LimitState> {
  await sweepNowAndThen(db);
  return state(row.points, row.resetAt, limit);
}

/** On one call in a hundred, deletes the windows that have ended. */
export async function sweepNowAndThen(db: Db | Tx): Promise<void> {
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
}

/**
 * Counts one hit on `key` in a fixed window. One atomic upsert, so every instance on
 * the same database shares the count.
 */
export async function hit(db: Db | Tx, key: string, limit: Limit, weight = 1): Promise<LimitState> {
  const [row] = await hitUpsert(db, key, limit, weight);
  return limitState(db, row, limit);
}

/** The current count without adding to it. */
export async function peek(db: Db, key: string, limit: Limit): Promise<LimitState> {
  const rows = await db
    .select({ points: rateLimits.points, resetAt: rateLimits.resetAt })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`)
    .limit(1);
  return rows[0] ? state(rows[0].points, rows[0].resetAt, limit) : state(0, new Date(), limit);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** 429 with Retry-After; the message is a key the route wrapper translates. */
export class RateLimitError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = 'tooManyRequests',
  ) {
    super(429, message, {}, { retryAfter: retryAfterSeconds });
  }
}

/** Counts a hit and throws RateLimitError when over the limit (`message`: an `api` key saying which limit). */
export async function enforce(db: Db, key: string, limit: Limit, message?: string): Promise<void> {
  const s = await hit(db, key, limit);
  if (s.exceeded) throw new RateLimitError(s.retryAfterSeconds, message);
}
