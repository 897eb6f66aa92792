'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchQuery, type SearchResult } from '@/lib/chats/queries';
import { SEARCH_MAX, SEARCH_MIN } from '@/lib/chats/limits';
import { useDebounced } from '@/components/ui/use-debounced';

export type { SearchResult };
export type SearchState = { status: 'idle' | 'searching' | 'done' | 'failed'; results: SearchResult[] };

/** Messages of the project's conversations matching what is typed (from SEARCH_MIN characters), latest query wins. */
export function useSearch(query: string): SearchState {
  const typed = query.trim().slice(0, SEARCH_MAX);
  const q = useDebounced(typed, 300);
  const active = typed.length >= SEARCH_MIN;
  const search = useQuery({ ...searchQuery(q), enabled: active && q.length >= SEARCH_MIN, placeholderData: keepPreviousData });
  if (!active) return { status: 'idle', results: [] };
  if (search.isError) return { status: 'failed', results: [] };
  const settled = q === typed && !search.isPlaceholderData && search.isSuccess;
  return { status: settled ? 'done' : 'searching', results: search.data ?? [] };
}
