'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { setUnread, unreadStore } from '@/lib/chats/unread-store';
import { CHAT_EVENTS, type ChatConversationEvent, type ChatMessageDeletedEvent, type ChatMessageEvent, type ConversationView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { chatSocket } from './api';
import { tabOfChannel, unreadOf, withChangedMessage, withNewMessage, type ChatTab } from './conversations';

export type SupportFilters = { status: 'open' | 'resolved' | 'all'; assignee: 'me' | 'none' | 'any' };

/** Events come in bursts (a channel's busy minute): one refetch for the lot. */
const REFETCH_DELAY_MS = 400;

function listPath(tab: ChatTab, filters: SupportFilters): string {
  const query = new URLSearchParams({ kind: tab });
  if (tab === 'support') {
    query.set('status', filters.status);
    query.set('assignee', filters.assignee);
  }
  return `chats/conversations?${query}`;
}

/**
 * One tab's conversations, newest activity first, kept current by the socket: a message
 * moves its conversation up; anything the list cannot work out itself (a new or changed
 * conversation, a deleted preview, a reconnect) refetches it.
 */
export function useConversations(tab: ChatTab, filters: SupportFilters, openId: string | null) {
  const [list, setList] = useState<ConversationView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const listRef = useRef(list);
  listRef.current = list;
  const openRef = useRef(openId);
  openRef.current = openId;
  const path = listPath(tab, filters);

  const load = useCallback(async () => {
    try {
      const { data } = await api<{ data: { conversations: ConversationView[]; asOf: number } }>(path, { method: 'GET' });
      setList(data.conversations);
      setFailed(false);
      const visible = document.visibilityState === 'visible';
      setUnread(unreadOf(data.conversations, unreadStore.get().conversations, visible ? openRef.current : null), data.asOf);
    } catch {
      setFailed(true);
    }
  }, [path]);

  useEffect(() => {
    setList(null);
    void load();
  }, [load]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), REFETCH_DELAY_MS);
    };
    const mine = (d: { channel: ChatMessageEvent['channel'] }) => tabOfChannel(d.channel) === tab;
    const socket = chatSocket();
    const offs = [
      socket.on(CHAT_EVENTS.message, (d) => {
        const event = d as ChatMessageEvent;
        if (!mine(event)) return;
        if (listRef.current && withNewMessage(listRef.current, event.message) === null) refetch();
        else setList((prev) => prev && (withNewMessage(prev, event.message) ?? prev));
      }),
      socket.on(CHAT_EVENTS.messageUpdated, (d) => {
        const event = d as ChatMessageEvent;
        if (mine(event)) setList((prev) => prev && withChangedMessage(prev, event.message));
      }),
      socket.on(CHAT_EVENTS.messageDeleted, (d) => mine(d as ChatMessageDeletedEvent) && refetch()),
      socket.on(CHAT_EVENTS.conversation, (d) => mine(d as ChatConversationEvent) && refetch()),
      socket.on('reconnected', refetch),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [tab, load]);

  return { list, failed, reload: load };
}
