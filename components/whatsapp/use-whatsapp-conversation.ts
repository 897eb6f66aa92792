'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CHAT_EVENTS, type ChatMessageEvent, type ConversationView } from '@/lib/chats/types';
import { browserSocket } from '@/lib/realtime/client';
import { whatsappConversationQuery, whatsappKeys } from '@/lib/whatsapp/queries';
import { WHATSAPP_EVENTS, type WhatsappStatusEvent } from '@/lib/whatsapp/types';

/**
 * WhatsApp conversations are the support ones without a customer account (a user's own
 * support conversation always has one): only those are asked about.
 */
export const isWhatsappCandidate = (c: Pick<ConversationView, 'kind' | 'customer'>) => c.kind === 'support' && c.customer === null;

/** The conversation's WhatsApp side, kept fresh by status events and by new messages (which move the window). */
export function useWhatsappConversation(conversationId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const socket = browserSocket();
    const refresh = () => void client.invalidateQueries({ queryKey: whatsappKeys.conversation(conversationId) });
    const offs = [
      socket.on(WHATSAPP_EVENTS.status, (d) => {
        if ((d as WhatsappStatusEvent).conversationId === conversationId) refresh();
      }),
      socket.on(CHAT_EVENTS.message, (d) => {
        if ((d as ChatMessageEvent).conversationId === conversationId) refresh();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [client, conversationId, enabled]);
  return useQuery({ ...whatsappConversationQuery(conversationId), enabled });
}
