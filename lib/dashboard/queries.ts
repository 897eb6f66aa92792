import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { ActivityEntry } from './activity';
import type { AttentionItem } from './attention';

// The dashboard home's server data in the browser's query cache.

export const dashboardKeys = {
  all: ['dashboard'] as const,
  attention: () => [...dashboardKeys.all, 'attention'] as const,
  activity: () => [...dashboardKeys.all, 'activity'] as const,
};

export function attentionQuery() {
  return queryOptions({
    queryKey: dashboardKeys.attention(),
    queryFn: async (ctx) => (await getJson<{ data: AttentionItem[] }>('dashboard/attention')(ctx)).data,
  });
}

export function activityQuery() {
  return queryOptions({
    queryKey: dashboardKeys.activity(),
    queryFn: async (ctx) => (await getJson<{ data: ActivityEntry[] }>('dashboard/activity')(ctx)).data,
  });
}

/**
 * The socket events that can change a figure or add activity: chat messages and reads,
 * support conversations, requests, board cards, invoices and interview responses.
 * Invoices name theirs in a server file, so it is spelled here.
 */
export const ATTENTION_EVENTS = [
  'chat:message',
  'chat:read',
  'chat:conversation',
  'requests:changed',
  'board:card',
  'invoices:update',
  'interviews:response',
] as const;
