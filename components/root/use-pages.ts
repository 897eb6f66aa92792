'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';

export type Paged<T> = { data: T[]; next: string | null };
type State<T> = { items: T[]; next: string | null; status: 'loading' | 'ready' | 'error'; more: boolean };

/**
 * A cursor-paged list from a root API (`{ data, next }`): the first page whenever `query`
 * changes, then `loadMore()` appends the next one. An answer for a query no longer shown is
 * dropped, so a quick change of filters never mixes two lists.
 */
export function usePages<T>(path: string, query: string) {
  const te = useText('errors');
  const [state, setState] = useState<State<T>>({ items: [], next: null, status: 'loading', more: false });
  const current = useRef(query);
  const [attempt, setAttempt] = useState(0);

  const fetchPage = useCallback(
    (before: string | null, signal?: AbortSignal) => {
      const params = new URLSearchParams(query);
      if (before) params.set('before', before);
      return api<Paged<T>>(`${path}?${params}`, { method: 'GET', signal });
    },
    [path, query],
  );

  useEffect(() => {
    current.current = query;
    const abort = new AbortController();
    setState({ items: [], next: null, status: 'loading', more: false });
    fetchPage(null, abort.signal).then(
      (page) => setState({ items: page.data, next: page.next, status: 'ready', more: false }),
      (error) => {
        if (abort.signal.aborted) return;
        showError(error, te);
        setState((s) => ({ ...s, status: 'error' }));
      },
    );
    return () => abort.abort();
    // Not on `te`: it is a new function each render, the texts it reads are not.
  }, [fetchPage, attempt]);

  async function loadMore() {
    if (!state.next || state.more) return;
    const asked = query;
    setState((s) => ({ ...s, more: true }));
    try {
      const page = await fetchPage(state.next);
      if (current.current === asked) setState((s) => ({ items: [...s.items, ...page.data], next: page.next, status: 'ready', more: false }));
    } catch (error) {
      showError(error, te);
      setState((s) => ({ ...s, more: false }));
    }
  }

  /** Reads the first page again (after a failure, or after something was added). */
  const reload = () => setAttempt((n) => n + 1);

  return { ...state, loadMore, reload };
}
