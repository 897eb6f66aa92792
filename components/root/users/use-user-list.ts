'use client';

import { useEffect, useRef, useState } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { USERS_PAGE_SIZE, type UserStateFilter } from '@/lib/root/user-schemas';
import type { RootUserList } from '@/lib/root/users';

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
 * The users list: the server's first page, then a new page from the API whenever the
 * filters change (the search once typing pauses), each answer mirrored in the page's URL.
 * An answer for a query no longer asked is dropped.
 */
export function useUserList(initial: RootUserList, initialQuery: ListQuery) {
  const te = useText('errors');
  const [text, setText] = useState(initialQuery.q);
  const [query, setQuery] = useState(initialQuery);
  const [data, setData] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  // What `data` answers: the first render needs no request (and strict mode's second effect run neither).
  const loaded = useRef(`${queryString(initialQuery)}#0`);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === query.q) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, q: trimmed, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query.q]);

  useEffect(() => {
    const search = queryString(query);
    const key = `${search}#${version}`;
    if (key === loaded.current) return;
    const abort = new AbortController();
    setBusy(true);
    api<{ data: RootUserList }>(`root/users?${search}`, { method: 'GET', signal: abort.signal }).then(
      ({ data: next }) => {
        loaded.current = key;
        setData(next);
        setBusy(false);
        // Next keeps its router in step with history.replaceState, without a server round trip.
        history.replaceState(null, '', search ? `?${search}` : location.pathname);
      },
      (error) => {
        if (abort.signal.aborted) return;
        showError(error, te);
        setBusy(false);
      },
    );
    return () => abort.abort();
    // Not on `te`: a new function each render, reading the same texts.
  }, [query, version]);

  return {
    text,
    query,
    data,
    busy,
    search: setText,
    setState: (state: UserStateFilter) => setQuery((q) => ({ ...q, state, page: 1 })),
    setPage: (page: number) => setQuery((q) => ({ ...q, page })),
    /** Reads the current page again (after a change to one of its users). */
    reload: () => setVersion((v) => v + 1),
  };
}
