'use client';

import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { parseListQuery, querySearch, type ProjectListQuery } from '@/lib/root/project-schemas';
import { setShallowUrl } from '@/lib/shell/shallow-url';

/**
 * The URL is the list's state: a change is a new history entry (or replaces the current one),
 * so back, forward and reload show the same view, with no server round trip.
 */
export function useListQuery(): [ProjectListQuery, (next: ProjectListQuery, mode?: 'push' | 'replace') => void] {
  const params = useSearchParams();
  const query = useMemo(() => parseListQuery(new URLSearchParams(params.toString())), [params]);
  const navigate = useCallback((next: ProjectListQuery, mode: 'push' | 'replace' = 'push') => {
    const url = location.pathname + querySearch(next);
    setShallowUrl(url, mode);
  }, []);
  return [query, navigate];
}
