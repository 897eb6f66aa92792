import { countMessage, setUnread } from '@/lib/chats/unread-store';
import type { ChatMessageEvent } from '@/lib/chats/types';
import { ApiError, api } from '@/lib/http/api-client';
import type { createNotifications } from '@/lib/shell/notifications';
import { chatNotice, type ChatNotice, type NotifyContext } from '@/lib/shell/notify-rules';
import { showBrowserNotification } from './browser-notifications';

export type NotifierEffects = {
  list: Pick<ReturnType<typeof createNotifications>, 'add' | 'remove'>;
  navigate: (href: string) => void;
  chime: () => void;
};

/**
 * A `chat:message` from the socket: counts it as unread, and when the person is not looking
 * at it, adds the in-app entry, shows the browser notification (if allowed) and chimes.
 * `body` is the browser notification's text ("New message").
 */
export function handleChatMessage(d: ChatMessageEvent, ctx: NotifyContext, body: string, fx: NotifierEffects): ChatNotice | null {
  countMessage(d, ctx.viewerId, !ctx.hidden);
  const notice = chatNotice(d, ctx);
  if (!notice) return null;
  const id = fx.list.add({ icon: 'chat', title: notice.title, subtitle: notice.subtitle, type: notice.type, time: d.message.createdAt, href: notice.href });
  showBrowserNotification({
    title: notice.title,
    body,
    tag: notice.tag,
    onClick: () => {
      // Acting on the system notification is acting on the entry too.
      fx.list.remove(id);
      fx.navigate(notice.href);
    },
  });
  fx.chime();
  return notice;
}

type UnreadAnswer = { data: { total: number; conversations: Record<string, number>; asOf: number } };

/**
 * The unread counts from the API (at start and after a reconnect): every conversation of the
 * active project the person sees. A profile without chat access answers 403 (404 while the
 * chats API is absent): no counts, no alert.
 */
export async function loadUnread(
  projectId: string | null,
  fetchUnread: () => Promise<UnreadAnswer> = () => api<UnreadAnswer>('chats/unread', { method: 'GET' }),
): Promise<void> {
  try {
    const { data } = await fetchUnread();
    setUnread(data.conversations, data.asOf, projectId ? { projectId } : undefined);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return;
    // Counts are a convenience: the next reconnect or page load tries again.
    console.warn('Unread counts not loaded', error);
  }
}
