'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys, type ChatTab } from '@/lib/chats/queries';
import { CHAT_EVENTS, type ChatConversationEvent, type ChatMessageDeletedEvent, type ChatMessageEvent } from '@/lib/chats/types';
import { chatSocket } from './api';
import { changeInLists, changeMessage, deleteMessageIn, moveInLists, putMessage } from './cache';
import { tabOfChannel } from './conversations';

/** Events come in bursts (a channel's busy minute): one refetch of a tab's lists for the lot. */
const REFETCH_DELAY_MS = 400;

/** Applies the socket's chat events to the cache: what can be worked out is set, the rest fetched again. */
export function applyChatEvents(client: QueryClient): () => void {
  const timers = new Map<ChatTab, ReturnType<typeof setTimeout>>();
  const refetchLists = (tab: ChatTab) => {
    clearTimeout(timers.get(tab));
    timers.set(
      tab,
      setTimeout(() => void client.invalidateQueries({ queryKey: chatKeys.lists(tab) }), REFETCH_DELAY_MS),
    );
  };
  const socket = chatSocket();
  const offs = [
    socket.on(CHAT_EVENTS.message, (d) => {
      const { channel, message } = d as ChatMessageEvent;
      putMessage(client, message);
      if (!moveInLists(client, tabOfChannel(channel), message)) refetchLists(tabOfChannel(channel));
    }),
    socket.on(CHAT_EVENTS.messageUpdated, (d) => {
      const { channel, message } = d as ChatMessageEvent;
      changeMessage(client, message);
      changeInLists(client, tabOfChannel(channel), message);
    }),
    socket.on(CHAT_EVENTS.messageDeleted, (d) => {
      const { channel, conversationId, messageId } = d as ChatMessageDeletedEvent;
      deleteMessageIn(client, conversationId, messageId);
      // The preview may have been the deleted message: only the server knows what shows now.
      refetchLists(tabOfChannel(channel));
    }),
    socket.on(CHAT_EVENTS.conversation, (d) => {
      const { channel, conversationId } = d as ChatConversationEvent;
      void client.invalidateQueries({ queryKey: chatKeys.conversation(conversationId) });
      if (channel === 'SUPPORT') void client.invalidateQueries({ queryKey: [...chatKeys.all, 'support'] });
      refetchLists(tabOfChannel(channel));
    }),
  ];
  return () => {
    timers.forEach((timer) => clearTimeout(timer));
    offs.forEach((off) => off());
  };
}

/** Keeps the page's chat data current while it is shown (the chats page, a support conversation). */
export function useChatEvents(): void {
  const client = useQueryClient();
  useEffect(() => applyChatEvents(client), [client]);
}
