import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, RateLimitError, clear, hit, peek } from '../http/rate-limit';
import { logger } from '../log/logger';
import { verifyPassword } from './passwords';

/**
 * A signed-in user proving their password again (to change it, or the email). A stolen
 * session must not become a password oracle, so wrong guesses lock the check for the
 * user, as failed sign-ins lock an address: 429 with Retry-After.
 */
export async function checkCurrentPassword(db: Db, user: { id: string; passwordHash: string | null }, password: string | undefined): Promise<void> {
  const lockKey = `password-check-lock:${user.id}`;
  const lock = await peek(db, lockKey, LIMITS.passwordCheckLock);
  if (lock.exceeded) throw new RateLimitError(lock.retryAfterSeconds);
  // Counted before verifying: a burst of parallel guesses gets no more tries than a sequence.
  const attempts = await hit(db, `password-check:${user.id}`, LIMITS.passwordCheck);
  if (attempts.exceeded) throw new RateLimitError(attempts.retryAfterSeconds);

  if (user.passwordHash && password && (await verifyPassword(user.passwordHash, password))) {
    await clear(db, `password-check:${user.id}`);
    return;
  }
  if (attempts.points >= LIMITS.passwordCheck.points) {
    // The count stays: clearing it here would let a guess racing past the lock peek start afresh.
    await hit(db, lockKey, LIMITS.passwordCheckLock);
    logger.warn({ userId: user.id }, 'password check locked after repeated wrong passwords');
  }
  throw new HttpError(400, 'wrongPassword', { currentPassword: 'wrongPassword' });
}
