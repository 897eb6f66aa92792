import { eq, sql } from 'drizzle-orm';
import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, RateLimitError, clear, hit, peek } from '../http/rate-limit';
import { rateLimits } from '../http/tables';
import { logger } from '../log/logger';
import { findUserByEmail } from '../users/service';
import { users } from '../users/tables';
import { addressGroup } from './address';
import type { LoginInput } from './schemas';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, type ClientMeta } from './sessions';

// Unknown emails are checked against this hash so that they take as long as a wrong password.
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(crypto.randomUUID()));

// Lowercased by the schema, so each account has one set of keys. The hard lock belongs to
// an account *and* an address: a stranger's failures lock the stranger out, not the owner.
const keys = (email: string, ip: string) => {
  const pair = `${email}|${addressGroup(ip)}`;
  return { fail: `login-fail:${pair}`, lock: `login-lock:${pair}`, account: `login-account:${email}` };
};

/**
 * Signs in with email and password (the route applies the per-address limit). Two locks:
 * 10 failures of one address on one account lock that pair; past 100 failures of the account
 * from anywhere, an address that has already failed on it waits, while an address that has
 * not may still sign in with the right password. OWASP ASVS V2.2.
 */
export async function login(db: Db, input: LoginInput, meta: ClientMeta) {
  await requireCaptcha(db, input.captchaCode, meta.ip);
  const { email } = input;
  const key = keys(email, meta.ip);
  const lock = await peek(db, key.lock, LIMITS.loginLock);
  if (lock.exceeded) throw new RateLimitError(lock.retryAfterSeconds, 'accountLocked');
  const [account, mine] = await Promise.all([peek(db, key.account, LIMITS.loginAccountFailures), peek(db, key.fail, LIMITS.loginFailures)]);
  if (account.exceeded && mine.points > 0) throw new RateLimitError(mine.retryAfterSeconds, 'accountLocked');

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  // A disabled account answers exactly as a wrong password, and counts as one: saying
  // "disabled" after a right password would confirm that password to whoever guessed it.
  if (!user?.passwordHash || !valid || user.disabledAt) {
    const [failures] = await Promise.all([hit(db, key.fail, LIMITS.loginFailures), hit(db, key.account, LIMITS.loginAccountFailures)]);
    if (failures.points >= LIMITS.loginFailures.points) {
      await hit(db, key.lock, LIMITS.loginLock);
      await clear(db, key.fail);
      logger.warn({ userId: user?.id ?? null, ip: meta.ip }, 'sign-in locked for this address after repeated failures');
    }
    throw new HttpError(400, 'badCredentials', { password: 'badCredentials' });
  }
  await clear(db, key.fail);
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, user.id));
  return createSession(db, user.id, meta);
}

/** Forgets every sign-in lock and failure count of an account: its owner just proved it by email. */
export async function clearLoginLocks(db: Db, email: string): Promise<void> {
  const address = email.toLowerCase();
  await db
    .delete(rateLimits)
    .where(
      sql`${rateLimits.key} = ${`login-account:${address}`} or starts_with(${rateLimits.key}, ${`login-lock:${address}|`}) or starts_with(${rateLimits.key}, ${`login-fail:${address}|`})`,
    );
}
