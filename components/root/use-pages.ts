'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useErrorAlert } from '@/lib/query/use-error-alert';
import { pagedQuery } from '@/lib/root/queries';

/**
 * A cursor-paged list from a root API (`{ data, next }`): the first page for `query`, then
 * `loadMore()` appends the next one. Each query keeps its own pages, so a quick change of
 * filters never mixes two lists and coming back to one shows it at once.
 */
export function usePages<T>(path: string, query: string) {
  const list = useInfiniteQuery(pagedQuery<T>(path, query));
  useErrorAlert(list.error);
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];
  return {
    items,
    next: list.hasNextPage,
    status: list.isPending ? ('loading' as const) : list.isError && !list.data ? ('error' as const) : ('ready' as const),
    more: list.isFetchingNextPage,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    /** Reads the list again (after a failure, or after something was added). */
    reload: () => void list.refetch(),
  };
}
