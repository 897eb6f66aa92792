import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { appName, env } from '../env';
import { defaultLocale, type Locale } from '../i18n/locales';
import { fill, renderHtml } from './html';

// Server code only: imported by the mail service, never by a client component.

/** What each email needs from its caller. `link` is a path on this site or an absolute http(s) URL. */
export type MailValues = {
  emailConfirmation: { name: string; link: string };
  /** Sent to the new address, to prove the user owns it. */
  emailChange: { name: string; link: string; newEmail: string };
  /** Sent to the old address when a change is asked for; `link` undoes it (restores the address, ends every session). */
  emailChangeNotice: { name: string; link: string; newEmail: string };
  /** Sent instead of `emailChange` when the new address already has an account: its owner learns someone tried it. */
  emailInUse: { name: string; email: string };
  /** The link should expire after 1 hour; the text says so. */
  passwordReset: { name: string; link: string };
  passwordChanged: { name: string };
  /** To each root user: a project waits for review. */
  projectRequested: { name: string; link: string; project: string; key: string; requester: string };
  /** To the project's requester when root enables or disables it. */
  projectEnabled: { name: string; link: string; project: string };
  projectDisabled: { name: string; project: string };
  /** To the invited address; `name` is the address itself when it has no account yet. */
  invitation: { name: string; link: string; project: string; inviter: string };
  /** Root's check that SMTP delivery works; `name` is the recipient's address, `sender` root's name. */
  test: { name: string; sender: string };
};
export type MailKind = keyof MailValues;
export const mailKinds = [
  'emailConfirmation',
  'emailChange',
  'emailChangeNotice',
  'emailInUse',
  'passwordReset',
  'passwordChanged',
  'projectRequested',
  'projectEnabled',
  'projectDisabled',
  'invitation',
  'test',
] as const satisfies readonly MailKind[];

export type ComposedEmail = { subject: string; text: string; html: string; links: string[] };

const catalogue: Record<Locale, typeof en.mail> = { en: en.mail, es: es.mail };

/** Mail is read outside the site, so every link must be absolute; only http(s) is allowed in an href. */
export function absoluteLink(link: string): string {
  if (link.startsWith('/') && !link.startsWith('//')) return env().PUBLIC_URL + link;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new Error(`Mail link is neither a path nor a URL: ${link}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`Mail link must be http(s): ${link}`);
  return url.toString();
}

// A header cannot hold line breaks; a name or app name with one must not start a new header.
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export function composeEmail<K extends MailKind>(kind: K, locale: Locale, values: MailValues[K]): ComposedEmail {
  const m = catalogue[locale] ?? catalogue[defaultLocale];
  const vars: Record<string, string> = { ...values, app: appName() };
  const link = 'link' in values ? absoluteLink(values.link) : undefined;
  const t: { subject: string; intro: string; action?: string; warning?: string; closing?: string } = m[kind];

  const paragraphs = [fill(m.greeting, vars), fill(t.intro, vars)];
  if (t.warning) paragraphs.push(fill(t.warning, vars));
  const action = link && t.action ? { label: fill(t.action, vars), href: link } : undefined;
  // "Ignore this email" is wrong where the action is the warning itself; such a template says its own.
  const closing = action ? [fill(t.closing ?? m.ignore, vars)] : [];
  const footer = fill(m.footer, vars);

  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.href}`] : []), ...closing, `-- \n${footer}`].join('\n\n');
  const html = renderHtml({ lang: locale, paragraphs, action, rawLinkLabel: fill(m.rawLink, vars), closing, footer });
  return { subject: oneLine(fill(t.subject, vars)), text: text + '\n', html, links: link ? [link] : [] };
}
