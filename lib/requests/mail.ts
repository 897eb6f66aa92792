import { eq } from 'drizzle-orm';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import type { Db } from '../db/client';
import { appName } from '../env';
import type { Locale } from '../i18n/locales';
import { fill, renderHtml } from '../mail/html';
import { sendEmail } from '../mail/service';
import { absoluteLink } from '../mail/templates';
import { projects } from '../projects/tables';
import { pathFor } from '../routes/match';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import type { RequestRow } from './tables';

// The requester's emails, in their language, through the outbox like every other email.
// The templates live in `messages.requests.mail` with the rest of the module's strings.

export type RequestMailKind = 'requestReply' | 'requestOpened' | 'requestMerged' | 'requestSolved';
const catalogue = { en: { mail: en.mail, own: en.requests.mail }, es: { mail: es.mail, own: es.requests.mail } };

type Values = { number: string; subject: string; project: string; body?: string; target?: string };

function compose(kind: RequestMailKind, locale: Locale, name: string, values: Values, link: string) {
  const { mail, own } = catalogue[locale];
  const t = own[kind];
  const vars: Record<string, string> = { ...values, name, app: appName() } as Record<string, string>;
  const paragraphs = [fill(mail.greeting, vars), fill(t.intro, vars)];
  // The reply itself, so the requester can read it without signing in; notes never come here.
  if (values.body) paragraphs.push(values.body);
  const action = { label: fill(t.action, vars), href: absoluteLink(link) };
  const footer = fill(mail.footer, vars);
  const subject = fill(t.subject, vars)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  const text = [...paragraphs, `${action.label}: ${action.href}`, `-- \n${footer}`].join('\n\n') + '\n';
  const html = renderHtml({ lang: locale, paragraphs, action, rawLinkLabel: fill(mail.rawLink, vars), closing: [], footer });
  return { subject, text, html, links: [action.href] };
}

/**
 * Emails the request's requester: a staff reply, a request staff opened for them, a merge,
 * or the request solved (`link`: where its action points instead of the request, in their language).
 */
export async function mailRequester(
  db: Db,
  request: RequestRow,
  kind: RequestMailKind,
  extra: { body?: string; target?: RequestRow; link?: (locale: Locale) => string } = {},
): Promise<void> {
  const [who] = await db.select({ email: users.email, name: users.name, language: users.language }).from(users).where(eq(users.id, request.requesterId));
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, request.projectId));
  if (!who || !project) return;
  const locale = userLocale(who);
  const shown = extra.target ?? request;
  const link = extra.link?.(locale) ?? pathFor('accountRequest', locale, { id: shown.id });
  const values: Values = {
    number: String(request.number),
    subject: request.subject,
    project: project.name,
    body: extra.body,
    target: extra.target ? String(extra.target.number) : undefined,
  };
  await sendEmail(db, { to: who.email, kind, locale, ...compose(kind, locale, who.name, values, link) });
}
