import type { ChatMessageEvent } from '../chats/types';
import type { NotificationType } from './notifications';

export type NotifyContext = {
  viewerId: string;
  /** The browser's path (usePathname), without query. */
  pathname: string;
  /** document.visibilityState === 'hidden'. */
  hidden: boolean;
  activeProjectId: string | null;
  /** The active profile answers support chats (CHATS__SUPPORT, or an isRoot profile). */
  canSupport: boolean;
  paths: {
    /** The staff chats page, in the viewer's language. */
    chats: string;
    /** A project's support page, by the project's key (which support events carry). */
    support: (projectKey: string) => string;
    /** Where a support reply goes when its project's key is unknown (the account's projects tab). */
    supportFallback: string;
  };
  /** The notification titles in the viewer's language. */
  titles: Record<Exclude<NotificationType, 'REQUEST'>, string>;
};

export type ChatNotice = {
  type: NotificationType;
  title: string;
  subtitle: string;
  href: string;
  /** One browser notification per conversation: a newer one replaces the older. */
  tag: string;
};

const SHORT = 80;

/** The message as one short line: its text, else its files' names. */
export function shortText(d: ChatMessageEvent): string {
  const text = d.message.body.replace(/\s+/g, ' ').trim() || d.message.attachments.map((a) => a.name).join(', ');
  return text.length > SHORT ? `${text.slice(0, SHORT - 1).trimEnd()}…` : text;
}

/**
 * The viewer is the customer of a support conversation when the event reached them in that
 * role: a project they are not working in, or one where they do not answer support.
 */
export function asCustomer(d: ChatMessageEvent, ctx: Pick<NotifyContext, 'activeProjectId' | 'canSupport'>): boolean {
  return d.channel === 'SUPPORT' && (d.projectId !== ctx.activeProjectId || !ctx.canSupport);
}

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * SPEC.md section 4: a chat message from someone else becomes a notification when the page
 * is hidden or the person is not on the page that shows the conversation (the chats page
 * for staff, their support page for a customer). Null when no notification is due.
 */
export function chatNotice(d: ChatMessageEvent, ctx: NotifyContext): ChatNotice | null {
  if (d.message.author?.id === ctx.viewerId) return null;
  const type: NotificationType = d.channel === 'USER' ? 'CHAT_TEAM' : 'CHAT_SUPPORT';
  const customer = asCustomer(d, ctx);
  const page = customer ? (d.projectKey ? ctx.paths.support(d.projectKey) : undefined) : ctx.paths.chats;
  if (!ctx.hidden && page !== undefined && samePath(ctx.pathname, page)) return null;
  const href = customer ? (page ?? ctx.paths.supportFallback) : `${page}?c=${encodeURIComponent(d.conversationId)}`;
  const text = shortText(d);
  const author = d.message.author?.name;
  return {
    type,
    title: ctx.titles[type],
    subtitle: author ? (text ? `${author}: ${text}` : author) : text,
    href,
    tag: `chat-${d.conversationId}`,
  };
}
