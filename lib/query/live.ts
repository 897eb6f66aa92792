import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Applies what a socket event says to every cached query under `queryKey`. A query still on
 * its first load has nothing to apply it to, and the answer it waits for may have been made
 * before the event's change: that load is cancelled and asked again, so it ends with the
 * change. (An invalidation alone would join the load under way, not repeat it.)
 */
export function applyLive<T>(client: QueryClient, queryKey: QueryKey, update: (data: T | undefined) => T | undefined, exact = false): void {
  const filters = { queryKey, exact };
  const loading = client.getQueriesData<T>(filters).some(([, data]) => data === undefined);
  client.setQueriesData<T>(filters, update);
  if (loading) void client.cancelQueries(filters).then(() => client.invalidateQueries(filters));
}
