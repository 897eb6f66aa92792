'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { clearConversation, setUnread } from '@/lib/chats/unread-store';
import { CHAT_EVENTS, type ChatMessageEvent, type ChatReadEvent } from '@/lib/chats/types';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { notifications } from '@/lib/shell/notifications';
import type { NotifyContext } from '@/lib/shell/notify-rules';
import { handleChatMessage, loadUnread } from './chat-events';
import { playChime } from './chime';
import { browserSocket } from '@/lib/realtime/client';

export type ChatNotifierProps = {
  viewerId: string;
  activeProjectId: string | null;
  /** The active profile may open the chats page: its unread counts are loaded. */
  canChat: boolean;
  canSupport: boolean;
  /** The staff chats page and the customer's fallback, in the viewer's language; support pages are built per event. */
  paths: Omit<NotifyContext['paths'], 'support'>;
};

/** Turns the socket's chat events into unread counts and notifications. Renders nothing. */
export function ChatNotifier({ viewerId, activeProjectId, canChat, canSupport, paths: given }: ChatNotifierProps) {
  const t = useText('notifications');
  const locale = useLocale();
  const paths: NotifyContext['paths'] = { ...given, support: (key) => pathFor('supportChat', locale, { key }) };
  const pathname = usePathname();
  const router = useRouter();
  // The listeners stay subscribed across navigations; they read the page's state from here.
  const now = useRef({ pathname, activeProjectId, canChat, canSupport, paths, router, t });
  useEffect(() => {
    now.current = { pathname, activeProjectId, canChat, canSupport, paths, router, t };
  });

  useEffect(() => {
    const socket = browserSocket();
    const offMessage = socket.on(CHAT_EVENTS.message, (d) => {
      const { pathname, activeProjectId, canSupport, paths, router, t } = now.current;
      const ctx: NotifyContext = {
        viewerId,
        pathname,
        hidden: document.visibilityState === 'hidden',
        activeProjectId,
        canSupport,
        paths,
        titles: { CHAT_TEAM: t('chatTeam'), CHAT_SUPPORT: t('chatSupport') },
      };
      handleChatMessage(d as ChatMessageEvent, ctx, t('newMessage'), { list: notifications, navigate: (href) => router.push(href), chime: playChime });
    });
    // The same person read it in another tab.
    const offRead = socket.on(CHAT_EVENTS.read, (d) => clearConversation((d as ChatReadEvent).conversationId));
    // Messages that came while the socket was down are only in the API's counts.
    const offReconnected = socket.on('reconnected', () => {
      if (now.current.canChat) void loadUnread(now.current.activeProjectId);
    });
    return () => {
      offMessage();
      offRead();
      offReconnected();
    };
  }, [viewerId]);

  // Again when the active project changes: its conversations are others. A profile without
  // chats keeps no counts from the previous one.
  useEffect(() => {
    if (canChat) void loadUnread(activeProjectId);
    else setUnread({});
  }, [canChat, activeProjectId]);

  return null;
}
