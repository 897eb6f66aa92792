import { eq } from 'drizzle-orm';
import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, RateLimitError, clear, hit, peek } from '../http/rate-limit';
import { logger } from '../log/logger';
import { findUserByEmail } from '../users/service';
import { users } from '../users/tables';
import type { LoginInput } from './schemas';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, type ClientMeta } from './sessions';

// Unknown emails are checked against this hash so that they take as long as a wrong password.
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(crypto.randomUUID()));

/** Signs in with email and password under the per-account lock (the route applies the per-address limit). */
export async function login(db: Db, input: LoginInput, meta: ClientMeta) {
  await requireCaptcha(db, input.captchaCode, meta.ip);
  // Lowercased by the schema, so each account has one lock and one failure count.
  const { email } = input;
  const lock = await peek(db, `login-lock:${email}`, LIMITS.loginLock);
  if (lock.exceeded) throw new RateLimitError(lock.retryAfterSeconds, 'accountLocked');

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user?.passwordHash || !valid) {
    const failures = await hit(db, `login-fail:${email}`, LIMITS.loginFailures);
    if (failures.points >= LIMITS.loginFailures.points) {
      await hit(db, `login-lock:${email}`, LIMITS.loginLock);
      await clear(db, `login-fail:${email}`);
      logger.warn({ userId: user?.id ?? null, ip: meta.ip }, 'account locked after repeated failed sign-ins');
    }
    throw new HttpError(400, 'badCredentials', { password: 'badCredentials' });
  }
  if (user.disabledAt) throw new HttpError(403, 'accountDisabled');
  await clear(db, `login-fail:${email}`);
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, user.id));
  return createSession(db, user.id, meta);
}
