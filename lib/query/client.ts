import { QueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../http/api-client';

/** How long a read counts as fresh: returning to a page within it shows it without a refetch. */
export const STALE_MS = 30_000;

const MAX_NETWORK_RETRIES = 2;

/**
 * Only a network failure is retried, at most twice: an answer from the server (4xx, 5xx)
 * is final, and so is an aborted read. Auth reads set `retry: false` in their query
 * options (SPEC.md section 7: the auth client's retry is 0).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return failureCount < MAX_NETWORK_RETRIES;
}

/**
 * The browser's one query client. Reads revalidate on focus and on reconnect once stale;
 * writes never retry (the server may have done them).
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, retry: shouldRetry, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

/** A GET of `/api/{path}` as a query function, with the API client's 401 refresh-and-retry. */
export function getJson<T>(path: string) {
  return ({ signal }: { signal: AbortSignal }) => api<T>(path, { method: 'GET', signal });
}
