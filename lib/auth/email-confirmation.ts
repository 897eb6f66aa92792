import { and, eq, sql } from 'drizzle-orm';
import { requireCaptcha } from '../captcha/service';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { sendTemplate } from '../mail/service';
import { pathFor } from '../routes/match';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { consumeToken, issueToken, lastIssuedAt } from './one-time';

const RESEND_COOLDOWN_SECONDS = 60;

type Recipient = { id: string; name: string; email: string; language: string | null };

export function confirmationLink(locale: Locale, token: string): string {
  return `${pathFor('emailConfirmation', locale)}?token=${token}`;
}

export async function sendConfirmation(db: Db, user: Recipient): Promise<void> {
  const token = await issueToken(db, 'emailConfirmation', user.id);
  const locale = userLocale(user);
  await sendTemplate(db, user.email, 'emailConfirmation', locale, { name: user.name, link: confirmationLink(locale, token) });
}

/**
 * Seconds until the link may be sent again (0: now). The email bar starts its countdown
 * from this, so right after registering it already counts instead of offering a resend
 * the server would refuse.
 */
export async function resendWait(db: Db, userId: string): Promise<number> {
  const last = await lastIssuedAt(db, 'emailConfirmation', userId);
  const elapsed = last ? (Date.now() - last.getTime()) / 1000 : Infinity;
  return elapsed < RESEND_COOLDOWN_SECONDS ? Math.ceil(RESEND_COOLDOWN_SECONDS - elapsed) : 0;
}

/** Sends the link again, at most once a minute; the answer says how long until the next. */
export async function resendConfirmation(db: Db, userId: string): Promise<{ secondsLeft: number }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(404, 'notFound');
  if (user.status !== -1) throw new HttpError(409, 'alreadyConfirmed');
  const secondsLeft = await resendWait(db, userId);
  if (secondsLeft > 0) throw new HttpError(429, 'resendTooSoon', {}, { secondsLeft, retryAfter: secondsLeft });
  await sendConfirmation(db, user);
  return { secondsLeft: RESEND_COOLDOWN_SECONDS };
}

/** Opens a confirmation link: a first confirmation, or the confirmation of a changed address. */
export async function confirmEmail(db: Db, input: { captchaCode: string; token: string }, ip: string) {
  await enforce(db, `email-confirmation:${ip}`, LIMITS.emailConfirmation);
  await requireCaptcha(db, input.captchaCode, ip);
  const first = await consumeToken(db, 'emailConfirmation', input.token);
  if (first) {
    await db
      .update(users)
      .set({ status: 1, updatedAt: new Date() })
      .where(and(eq(users.id, first.userId), eq(users.status, -1)));
    return first.userId;
  }
  const change = await consumeToken(db, 'emailChange', input.token);
  if (change && typeof change.data.email === 'string') {
    try {
      // Opening the link proves the new address, so an unconfirmed account is confirmed too.
      await db
        .update(users)
        .set({ email: change.data.email, status: sql`case when ${users.status} = -1 then 1 else ${users.status} end`, updatedAt: new Date() })
        .where(eq(users.id, change.userId));
    } catch (error) {
      // Someone else took the address between the request and the click.
      if (isUniqueViolation(error)) throw new HttpError(409, 'emailTaken', { token: 'emailTaken' });
      throw error;
    }
    return change.userId;
  }
  throw new HttpError(400, 'tokenInvalid', { token: 'tokenInvalid' });
}
