'use client';

import { useQuery } from '@tanstack/react-query';
import { listQuery, type ConversationList } from '@/lib/chats/queries';
import { DEFAULT_SUPPORT_FILTERS, type ChatTab, type SupportFilters } from '@/lib/chats/types';

/** The list the page was rendered with: its tab's, with the default filters. */
export type InitialList = { tab: ChatTab; list: ConversationList };

/**
 * One tab's conversations, newest activity first; the socket's events keep the cached list current (see use-chat-events).
 * The server's list shows at once and is fetched again on mount (it counts as stale), which also brings the unread marks in step.
 */
export function useConversations(tab: ChatTab, filters: SupportFilters, initial?: InitialList) {
  const fromServer =
    initial?.tab === tab && (tab === 'team' || (filters.status === DEFAULT_SUPPORT_FILTERS.status && filters.assignee === DEFAULT_SUPPORT_FILTERS.assignee));
  const query = useQuery({ ...listQuery(tab, filters), initialData: fromServer ? initial.list : undefined, initialDataUpdatedAt: 0 });
  return { list: query.data?.conversations ?? null, failed: query.isError && !query.data, reload: () => void query.refetch() };
}
