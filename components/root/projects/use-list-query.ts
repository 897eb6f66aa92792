'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { parseListQuery, querySearch, type ProjectListQuery } from '@/lib/root/project-schemas';

/**
 * The URL is the list's state: a change is a new history entry (or replaces the current one),
 * so back, forward and reload show the same view. Next keeps useSearchParams in step with
 * the History API, with no server round trip.
 */
export function useListQuery(): [ProjectListQuery, (next: ProjectListQuery, mode?: 'push' | 'replace') => void] {
  const params = useSearchParams();
  const query = useMemo(() => parseListQuery(new URLSearchParams(params.toString())), [params]);
  const navigate = useCallback((next: ProjectListQuery, mode: 'push' | 'replace' = 'push') => {
    const url = location.pathname + querySearch(next);
    if (mode === 'push') window.history.pushState(null, '', url);
    else window.history.replaceState(null, '', url);
  }, []);
  return [query, navigate];
}
