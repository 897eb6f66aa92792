'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { usersQuery } from '@/lib/root/queries';
import { USERS_PAGE_SIZE, type UserStateFilter } from '@/lib/root/user-schemas';
import type { RootUserList } from '@/lib/root/users';
import { setShallowUrl } from '@/lib/shell/shallow-url';

export type ListQuery = { q: string; state: UserStateFilter; page: number; size: number };

const SEARCH_DELAY_MS = 300;

/** The query string for a list query, defaults left out so a plain visit keeps a plain URL. */
export function queryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.state !== 'all') params.set('state', query.state);
  if (query.page !== 1) params.set('page', String(query.page));
  if (query.size !== USERS_PAGE_SIZE) params.set('size', String(query.size));
  return params.toString();
}

/**
 * The users list: the server's first page seeds the cache, then a page per filter (the
 * search once typing pauses), each mirrored in the page's URL. While one loads, the
 * previous one stays on screen.
 */
export function useUserList(initial: RootUserList, initialQuery: ListQuery) {
  const [text, setText] = useState(initialQuery.q);
  const [query, setQuery] = useState(initialQuery);
  const search = queryString(query);
  const first = queryString(initialQuery);
  const list = useQuery({ ...usersQuery(search), initialData: search === first ? initial : undefined });
  useErrorAlert(list.error);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === query.q) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, q: trimmed, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.q]);

  useEffect(() => {
    if (location.search === (search ? `?${search}` : '')) return;
    setShallowUrl(search ? `?${search}` : location.pathname, 'replace');
  }, [search]);

  return {
    text,
    query,
    /** The page shown (the previous one while a new one loads); none after a failure. */
    data: list.data,
    busy: list.isPlaceholderData,
    failed: list.isError,
    retry: () => void list.refetch(),
    search: setText,
    setState: (state: UserStateFilter) => setQuery((q) => ({ ...q, state, page: 1 })),
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
  };
}
