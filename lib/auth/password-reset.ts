import { eq } from 'drizzle-orm';
import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, clear, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { logger } from '../log/logger';
import { sendTemplate } from '../mail/service';
import { pathFor } from '../routes/match';
import { findUserByEmail, userLocale } from '../users/service';
import { users } from '../users/tables';
import { clearLoginLocks } from './login';
import { consumeToken, issueToken } from './one-time';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/**
 * Emails a reset link when the address belongs to an active account. The caller gets the
 * same answer, in the same time, either way: the email is sent after the answer.
 */
export async function forgotPassword(db: Db, input: { captchaCode: string; email: string }, ip: string, locale: Locale): Promise<void> {
  await enforce(db, `forgot:${ip}`, LIMITS.forgotPassword);
  await requireCaptcha(db, input.captchaCode, ip);
  const user = await findUserByEmail(db, input.email);
  if (!user || user.disabledAt || !user.passwordHash) return;
  const language = userLocale(user, locale);
  void (async () => {
    const token = await issueToken(db, 'passwordReset', user.id);
    await sendTemplate(db, user.email, 'passwordReset', language, { name: user.name, link: `${pathFor('resetPassword', language)}?token=${token}` });
  })().catch((err: unknown) => logger.error({ err: String(err), userId: user.id }, 'password reset email failed'));
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(db: Db, input: { token: string; newPassword: string }): Promise<void> {
  const used = await consumeToken(db, 'passwordReset', input.token);
  if (!used) throw new HttpError(400, 'tokenInvalid', { token: 'tokenInvalid' });
  const [user] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, used.userId))
    .returning();
  await revokeUserSessions(db, used.userId);
  // The emailed link proves the owner: the locks others' guesses caused are lifted.
  await clearLoginLocks(db, user.email);
  await clear(db, `password-check-lock:${user.id}`);
  await sendTemplate(db, user.email, 'passwordChanged', userLocale(user), { name: user.name });
}
