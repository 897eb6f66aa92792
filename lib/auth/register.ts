import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { users } from '../users/tables';
import { sendConfirmation } from './email-confirmation';
import { findUserByEmail, requireCaptcha } from './login';
import { hashPassword } from './passwords';
import type { RegisterInput } from './schemas';
import { createSession, type ClientMeta } from './sessions';

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

function validZone(zone: string | undefined): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

/** Creates an unconfirmed account, emails the confirmation link and signs the new user in. */
export async function register(db: Db, input: RegisterInput, meta: ClientMeta, locale: Locale) {
  await enforce(db, `register:${meta.ip}`, LIMITS.register);
  await requireCaptcha(db, input.captchaCode, meta.ip);
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw new HttpError(409, 'emailTaken', { email: 'emailTaken' });
  const passwordHash = await hashPassword(input.password);
  let id: string;
  try {
    [{ id }] = await db
      .insert(users)
      .values({ email, name: input.name, passwordHash, timeZone: validZone(input.navTimeZone), language: locale, status: -1 })
      .returning({ id: users.id });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the index lets only one through.
    if (isUniqueViolation(error)) throw new HttpError(409, 'emailTaken', { email: 'emailTaken' });
    throw error;
  }
  await sendConfirmation(db, { id, name: input.name, email, language: locale });
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, id));
  return createSession(db, id, meta);
}

export { isUniqueViolation };
