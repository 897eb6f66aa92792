import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { sendTemplate } from '../mail/service';
import { pathFor } from '../routes/match';
import { findUserByEmail, userLocale } from '../users/service';
import { users } from '../users/tables';
import { confirmationLink } from './email-confirmation';
import { consumeToken, issueToken } from './one-time';
import { checkCurrentPassword } from './password-check';
import { revokeUserSessions } from './sessions';
import { oneTimeTokens } from './tables';

type Account = { id: string; name: string; email: string; language: string | null; passwordHash: string | null };

/** What a change of address needs before anything is stored or sent: the password, within the limits. */
export async function authorizeEmailChange(db: Db, user: Account, currentPassword: string | undefined, ip: string): Promise<void> {
  await checkCurrentPassword(db, user, currentPassword);
  // Each change emails two addresses, so both the account and the caller's address are limited.
  await enforce(db, `email-change:user:${user.id}`, LIMITS.emailChange);
  await enforce(db, `email-change:ip:${ip}`, LIMITS.emailChange);
}

/**
 * Starts a change of address. The caller learns nothing about the new address: a free one
 * gets the confirmation link, a taken one a warning to its owner, and either way the
 * account shows the same pending change (a token that, for a taken address, nobody holds).
 * The old address is told at once, with a link that undoes the change.
 */
export async function requestEmailChange(db: Db, user: Account, newEmail: string, locale: Locale): Promise<void> {
  const holder = await findUserByEmail(db, newEmail);
  const token = await issueToken(db, 'emailChange', user.id, { email: newEmail });
  if (holder && holder.id !== user.id)
    await sendTemplate(db, holder.email, 'emailInUse', userLocale(holder, locale), { name: holder.name, email: holder.email });
  else await sendTemplate(db, newEmail, 'emailChange', locale, { name: user.name, newEmail, link: confirmationLink(locale, token) });

  const undo = await issueToken(db, 'emailChangeUndo', user.id, { email: user.email });
  const language = userLocale(user, locale);
  await sendTemplate(db, user.email, 'emailChangeNotice', language, {
    name: user.name,
    newEmail,
    link: `${pathFor('emailChangeUndo', language)}?token=${undo}`,
  });
}

/**
 * Opens the undo link: the address it was sent to is the account's again, any change still
 * waiting is cancelled, and every session ends (whoever changed it is signed out).
 */
export async function undoEmailChange(db: Db, input: { captchaCode: string; token: string }, ip: string): Promise<{ email: string }> {
  await enforce(db, `email-change-undo:${ip}`, LIMITS.emailConfirmation);
  await requireCaptcha(db, input.captchaCode, ip);
  const used = await consumeToken(db, 'emailChangeUndo', input.token);
  const email = used?.data.email;
  if (!used || typeof email !== 'string') throw new HttpError(400, 'tokenInvalid', { token: 'tokenInvalid' });

  let restored = true;
  try {
    // Opening the link proves the old address, so an unconfirmed account is confirmed too.
    await db
      .update(users)
      .set({ email, status: sql`case when ${users.status} = -1 then 1 else ${users.status} end`, updatedAt: new Date() })
      .where(eq(users.id, used.userId));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Someone registered the freed address meanwhile; the sign-out below still happens.
    restored = false;
  }
  // Undo links issued after this one name addresses of the change being undone: they die with it.
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, used.userId),
        isNull(oneTimeTokens.usedAt),
        or(eq(oneTimeTokens.purpose, 'emailChange'), and(eq(oneTimeTokens.purpose, 'emailChangeUndo'), gt(oneTimeTokens.createdAt, used.createdAt))),
      ),
    );
  await revokeUserSessions(db, used.userId);
  if (!restored) throw new HttpError(409, 'emailTaken', { token: 'emailTaken' });
  return { email };
}
