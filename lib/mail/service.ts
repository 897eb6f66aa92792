import { and, desc, eq, sql } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { env } from '../env';
import type { Locale } from '../i18n/locales';
import { logger } from '../log/logger';
import { emails, type Email } from './tables';
import { composeEmail, type MailKind, type MailValues } from './templates';
import { smtpTransport } from './transport';
import { errorText } from '../log/error-text';

export type OutgoingEmail = {
  to: string;
  kind: string;
  locale: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Files sent along over SMTP (the outbox keeps the email's text and links, not the files). */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
};

/**
 * Sends through SMTP when configured, else keeps the email in the outbox; either way one
 * row records it. A failed send is logged and recorded but not thrown: a confirmation
 * email that cannot go out must not undo the registration that asked for it.
 */
export async function sendEmail(db: Db, message: OutgoingEmail): Promise<Email> {
  const { SMTP_URL, MAIL_FROM } = env();
  let sentAt: Date | null = null;
  let error: string | null = null;
  if (SMTP_URL) {
    try {
      await smtpTransport(SMTP_URL).sendMail({
        from: MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: Buffer.from(a.content), contentType: a.contentType })),
      });
      sentAt = new Date();
    } catch (err) {
      error = errorText(err).slice(0, 1000);
      logger.error({ to: message.to, kind: message.kind, err: error }, 'email not sent');
    }
  }
  const [row] = await db
    .insert(emails)
    .values({
      to: message.to,
      kind: message.kind,
      locale: message.locale,
      subject: message.subject,
      text: message.text,
      html: message.html,
      links: message.links,
      sentAt,
      error,
    })
    .returning();
  // Without SMTP this line is how a developer follows a flow: it names the links, never the body.
  if (!SMTP_URL) logger.info({ to: message.to, kind: message.kind, links: message.links, emailId: row.id }, 'email kept in outbox (no SMTP_URL)');
  return row;
}

/** Composes a template in the recipient's language and sends it. */
export async function sendTemplate<K extends MailKind>(db: Db, to: string, kind: K, locale: Locale, values: MailValues[K]): Promise<Email> {
  return sendEmail(db, { to, kind, locale, ...composeEmail(kind, locale, values) });
}

/** Newest first (insertion order); pass the last row's id as `before` for the next page. */
export async function listOutbox(db: Db, options: { limit: number; before?: string }): Promise<Email[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit) || 1, 1), 200);
  if (options.before !== undefined && !isUuid(options.before)) return [];
  const after = options.before ? sql`${emails.seq} < (select e.seq from emails e where e.id = ${options.before})` : undefined;
  return db.select().from(emails).where(after).orderBy(desc(emails.seq)).limit(limit);
}

export async function latestEmailTo(db: Db, to: string, kind: string): Promise<Email | null> {
  const [row] = await db
    .select()
    .from(emails)
    .where(and(eq(emails.to, to), eq(emails.kind, kind)))
    .orderBy(desc(emails.seq))
    .limit(1);
  return row ?? null;
}
