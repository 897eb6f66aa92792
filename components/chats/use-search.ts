'use client';

import { useEffect, useState } from 'react';
import { SEARCH_LIMIT_DEFAULT, SEARCH_MAX, SEARCH_MIN } from '@/lib/chats/schemas';
import type { ConversationView, MessageView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';

export type SearchResult = { message: MessageView; conversation: ConversationView };
export type SearchState = { status: 'idle' | 'searching' | 'done' | 'failed'; results: SearchResult[] };

const DEBOUNCE_MS = 300;

/** Messages of the project's conversations matching what is typed (from SEARCH_MIN characters), latest query wins. */
export function useSearch(query: string): SearchState {
  const q = query.trim().slice(0, SEARCH_MAX);
  const active = q.length >= SEARCH_MIN;
  const [state, setState] = useState<SearchState>({ status: 'idle', results: [] });
  useEffect(() => {
    if (!active) return setState({ status: 'idle', results: [] });
    const abort = new AbortController();
    setState((prev) => ({ ...prev, status: 'searching' }));
    const timer = setTimeout(async () => {
      try {
        const query = new URLSearchParams({ q, limit: String(SEARCH_LIMIT_DEFAULT) });
        const { data } = await api<{ data: { results: SearchResult[] } }>(`chats/search?${query}`, { method: 'GET', signal: abort.signal });
        setState({ status: 'done', results: data.results });
      } catch {
        if (!abort.signal.aborted) setState({ status: 'failed', results: [] });
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [q, active]);
  return state;
}
