import { and, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { env } from '../env';
import { HttpError } from '../http/errors';
import { LIMITS, enforce } from '../http/rate-limit';
import type { Locale } from '../i18n/locales';
import { sendTemplate } from '../mail/service';
import { emails, type Email } from '../mail/tables';
import { containsPattern } from '../db/like';
import { PAGE_DEFAULT, type OutboxQuery } from './console-schemas';

/** kept: never sent because no SMTP server was configured; failed: the server refused or was unreachable. */
export type EmailState = 'sent' | 'failed' | 'kept';

/** A row of the outbox list: no bodies, which can be large. */
export type OutboxItem = {
  id: string;
  to: string;
  subject: string;
  kind: string;
  locale: string;
  createdAt: string;
  sentAt: string | null;
  state: EmailState;
};

export type OutboxEmail = OutboxItem & { text: string; html: string; links: string[]; error: string | null };
export type OutboxPage = { emails: OutboxItem[]; next: string | null };

const stateOf = (row: { sentAt: Date | null; error: string | null }): EmailState => (row.sentAt ? 'sent' : row.error ? 'failed' : 'kept');

const item = (r: Pick<Email, 'id' | 'to' | 'subject' | 'kind' | 'locale' | 'createdAt' | 'sentAt' | 'error'>): OutboxItem => ({
  id: r.id,
  to: r.to,
  subject: r.subject,
  kind: r.kind,
  locale: r.locale,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
  state: stateOf(r),
});

/**
 * Newest first (insertion order), optionally only recipients containing `q`. `next` is the
 * id to pass as `before` for the following page, or null on the last one.
 */
export async function listEmails(db: Db, query: OutboxQuery): Promise<OutboxPage> {
  const limit = Math.trunc(query.limit ?? PAGE_DEFAULT);
  const where: SQL[] = [];
  if (query.q) where.push(ilike(emails.to, containsPattern(query.q)));
  // An id that names no email gives an empty page rather than the first one again.
  if (query.before) where.push(sql`${emails.seq} < coalesce((select e.seq from emails e where e.id = ${query.before}), 0)`);
  const rows = await db
    .select({
      id: emails.id,
      to: emails.to,
      subject: emails.subject,
      kind: emails.kind,
      locale: emails.locale,
      createdAt: emails.createdAt,
      sentAt: emails.sentAt,
      error: emails.error,
    })
    .from(emails)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(emails.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { emails: page.map(item), next: rows.length > limit ? page[page.length - 1].id : null };
}

/** One email in full, or 404. */
export async function getEmailOrThrow(db: Db, id: string): Promise<OutboxEmail> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await db.select().from(emails).where(eq(emails.id, id.toLowerCase())).limit(1);
  if (!row) throw new HttpError(404, 'notFound');
  return { ...item(row), text: row.text, html: row.html, links: row.links, error: row.error };
}

export const smtpConfigured = () => Boolean(env().SMTP_URL);

/**
 * Sends the test email through the configured SMTP server and records it in the audit log.
 * Without SMTP nothing is sent or kept (409): the outbox already shows what would go out.
 * A failed send is kept with its error and answered 502, so root sees why.
 */
export async function sendTestEmail(db: Db, actor: Actor & { userId: string }, input: { to: string; sender: string; locale: Locale }): Promise<OutboxEmail> {
  if (!smtpConfigured()) throw new HttpError(409, 'rootOutboxSmtpOff');
  // Per root user: the address is anyone's, so a test is not a way to flood a stranger.
  await enforce(db, `emailTest:${actor.userId}`, LIMITS.emailTest);
  const row = await sendTemplate(db, input.to, 'test', input.locale, { name: input.to, sender: input.sender });
  await audit(db, actor, { action: 'email.test', target: { type: 'email', id: row.id }, data: { to: input.to, sent: row.sentAt !== null } });
  if (!row.sentAt) throw new HttpError(502, 'rootOutboxTestFailed', {}, { error: (row.error ?? '').slice(0, 300) });
  return getEmailOrThrow(db, row.id);
}
