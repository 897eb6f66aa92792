import type { NextRequest } from 'next/server';
import type { Db } from '../db/client';
import { env } from '../env';
import { HttpError } from '../http/errors';
import { LIMITS, enforce, hit, type Limit } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { uploadBodyLimit } from '../quotas/service';
import { CHAT_FILE_MAX_BYTES, CHAT_FILES_MAX } from './schemas';

// What an author may send before a message's body is read: how many messages, how many
// bytes an hour, and how large a body their storage quotas can still take.

const KB = 1024;
/** Five full files and the JSON part: anything beyond is refused while it is still arriving. */
export const MESSAGE_BODY_LIMIT = CHAT_FILES_MAX * CHAT_FILE_MAX_BYTES + 1024 * 1024;
/** How many messages an author may send a minute, and the key their count is kept under. */
export function messageLimit(userId: string): { key: string; limit: Limit } {
  return { key: `chatMessages:${userId}`, limit: { ...LIMITS.chatMessages, points: env().CHAT_MESSAGES_PER_MINUTE ?? LIMITS.chatMessages.points } };
}

export const TOO_MANY_MESSAGES = 'chatsTooManyMessages';

/**
 * One more message by this author; 429 past the limit. A body with files is counted before
 * it is read, so floods of any shape count; text alone is counted with its batch as it is
 * committed (commit.ts), one statement for all of an author's messages in it.
 */
export function countMessage(db: Db, userId: string): Promise<void> {
  const { key, limit } = messageLimit(userId);
  return enforce(db, key, limit, TOO_MANY_MESSAGES);
}

/** The largest body this author's next message may have (see uploadBodyLimit). */
export function bodyLimit(db: Db, projectId: string, userId: string, locale: Locale): Promise<{ limit: number; tooLarge?: () => HttpError }> {
  return uploadBodyLimit(db, projectId, userId, locale, MESSAGE_BODY_LIMIT);
}

/** The body's declared length, 0 when it has none (chunked): then only what arrives is charged. */
export function declaredLength(req: NextRequest): number {
  const value = Number(req.headers.get('content-length') ?? 0);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

const volumeRefusal = (retryAfter: number) => new HttpError(429, 'chatsUploadVolume', {}, { retryAfter, minutes: Math.ceil(retryAfter / 60) });

/**
 * Upload volume per author. The declared length is reserved before reading (one atomic
 * hit, so parallel uploads cannot all slip under the limit); a refusal gives it back and
 * answers 429. The returned settle() charges what was actually read instead, whatever
 * becomes of the message, and returns the 429 to answer when that passes the limit (a body
 * sent without a length is only measured as it arrives).
 */
export async function reserveVolume(db: Db, userId: string, declared: number): Promise<(readBytes: number) => Promise<HttpError | null>> {
  const key = `chatUploadKilobytes:${userId}`;
  const limit = LIMITS.chatUploadKilobytes;
  const reserved = Math.ceil(declared / KB);
  if (reserved > 0) {
    const state = await hit(db, key, limit, reserved);
    if (state.exceeded) {
      await hit(db, key, limit, -reserved);
      throw volumeRefusal(state.retryAfterSeconds);
    }
  }
  return async (readBytes) => {
    const delta = Math.ceil(readBytes / KB) - reserved;
    if (delta === 0) return null;
    const state = await hit(db, key, limit, delta);
    return state.exceeded && delta > 0 ? volumeRefusal(state.retryAfterSeconds) : null;
  };
}
