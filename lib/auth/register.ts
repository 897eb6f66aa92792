import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { findUserByEmail } from '../users/service';
import { users } from '../users/tables';
import { sendConfirmation } from './email-confirmation';
import { hashPassword } from './passwords';
import type { RegisterInput } from './schemas';
import { createSession, type ClientMeta } from './sessions';

/** Creates an unconfirmed account, emails the confirmation link and signs the new user in. */
export async function register(db: Db, input: RegisterInput, meta: ClientMeta, locale: Locale) {
  await enforce(db, `register:${meta.ip}`, LIMITS.register);
  await requireCaptcha(db, input.captchaCode, meta.ip);
  const { email } = input;
  if (await findUserByEmail(db, email)) throw new HttpError(409, 'emailTaken', { email: 'emailTaken' });
  const passwordHash = await hashPassword(input.password);
  let id: string;
  try {
    // The schema has already checked the browser's zone is one this server knows.
    [{ id }] = await db
      .insert(users)
      .values({ email, name: input.name, passwordHash, timeZone: input.navTimeZone ?? 'UTC', language: locale, status: -1, lastSeenAt: new Date() })
      .returning({ id: users.id });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the index lets only one through.
    if (isUniqueViolation(error)) throw new HttpError(409, 'emailTaken', { email: 'emailTaken' });
    throw error;
  }
  await sendConfirmation(db, { id, name: input.name, email, language: locale });
  return createSession(db, id, meta);
}
