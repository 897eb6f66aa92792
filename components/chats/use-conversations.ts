'use client';

import { useQuery } from '@tanstack/react-query';
import { listQuery, type ChatTab, type SupportFilters } from '@/lib/chats/queries';

/** One tab's conversations, newest activity first; the socket's events keep the cached list current (see use-chat-events). */
export function useConversations(tab: ChatTab, filters: SupportFilters) {
  const query = useQuery(listQuery(tab, filters));
  return { list: query.data?.conversations ?? null, failed: query.isError && !query.data, reload: () => void query.refetch() };
}
