// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, resetApiClient } from '@/lib/http/api-client';
import { getJson, makeQueryClient, shouldRetry } from '@/lib/query/client';

// The browser's view of the network: the API answers as the server would.
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetApiClient();
  cleanup();
});
afterAll(() => server.close());

function Probe({ path }: { path: string }) {
  const q = useQuery({ queryKey: ['probe', path], queryFn: getJson<{ data: { n: number } }>(path) });
  if (q.isError) return <p>error {q.error instanceof ApiError ? q.error.status : 'network'}</p>;
  return <p>{q.data ? `n=${q.data.data.n}` : 'loading'}</p>;
}

describe('query client', () => {
  it('retries network failures at most twice, never a server answer', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'Down'))).toBe(false);
  });

  it('reads through the API client: a 401 refreshes once and the retry succeeds', async () => {
    let calls = 0;
    server.use(
      http.get('http://localhost:3000/api/probe', () =>
        ++calls === 1 ? HttpResponse.json({ message: 'expired' }, { status: 401 }) : HttpResponse.json({ data: { n: 7 } }),
      ),
      http.post('http://localhost:3000/api/auth/refreshAccess', () => HttpResponse.json({ auth: {} })),
    );
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <Probe path="probe" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('n=7')).toBeTruthy());
    expect(calls).toBe(2);
  });

  it('shows a 4xx at once, without retrying', async () => {
    let calls = 0;
    server.use(http.get('http://localhost:3000/api/missing', () => (calls++, HttpResponse.json({ message: 'Not found' }, { status: 404 }))));
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <Probe path="missing" />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('error 404')).toBeTruthy());
    expect(calls).toBe(1);
  });
});
