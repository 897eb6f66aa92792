// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UsersPanel } from '@/components/users/UsersPanel';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import type { MemberView } from '@/lib/users/members';
import type { UsersOverview } from '@/lib/users/overview';
import en from '@/messages/en.json';

vi.mock('next/navigation', () => ({ useRouter: () => ({ replace: vi.fn(), refresh: vi.fn() }) }));

const TOTAL = 120;
const everyone: MemberView[] = Array.from({ length: TOTAL }, (_, i) => ({
  id: `m-${i}`,
  userId: `u-${i}`,
  name: `Member ${String(i).padStart(3, '0')}`,
  email: `member${i}@example.test`,
  avatar: null,
  status: 1,
  profiles: [],
  lastSeenAt: null,
  joinedAt: '2026-01-01T00:00:00.000Z',
}));

/** The server's side of GET /api/users, as the browser sees it: pages of 50, searched. */
function answer(q: string, page: number): UsersOverview {
  const matching = everyone.filter((m) => m.name.toLowerCase().includes(q.toLowerCase()));
  return { members: matching.slice((page - 1) * 50, page * 50), total: matching.length, page, size: 50, invitations: [], profiles: [] };
}

const asked: string[] = [];
const server = setupServer(
  http.get('http://localhost:3000/api/users', ({ request }) => {
    const url = new URL(request.url);
    asked.push(url.search);
    return HttpResponse.json(answer(url.searchParams.get('q') ?? '', Number(url.searchParams.get('page') ?? 1)));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  asked.length = 0;
});
afterAll(() => server.close());

function renderPanel() {
  return render(
    <QueryClientProvider client={makeQueryClient()}>
      <TextProvider locale="en" messages={{ users: en.users, ui: en.ui, errors: en.errors, validation: en.validation }}>
        <UsersPanel initial={answer('', 1)} can={{ create: true, update: true, remove: true }} viewerId="u-0" timeZone="UTC" renderedAt={Date.now()} />
      </TextProvider>
    </QueryClientProvider>,
  );
}

const shownNames = () => screen.getAllByText(/^Member \d{3}$/).map((el) => el.textContent);

describe('UsersPanel', () => {
  it('shows the first page from the server render and the whole total, then pages through the server', async () => {
    renderPanel();
    expect(shownNames()).toHaveLength(50);
    expect(screen.getByRole('heading', { name: /120/ })).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(asked).toEqual([]);

    fireEvent.click(screen.getByTestId('members-next'));
    await waitFor(() => expect(shownNames()[0]).toBe('Member 050'));
    expect(asked).toEqual(['?page=2']);
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
  });

  it('searches on the server once typing pauses, from the first page', async () => {
    renderPanel();
    fireEvent.click(screen.getByTestId('members-next'));
    await waitFor(() => expect(shownNames()[0]).toBe('Member 050'));
    fireEvent.change(screen.getByTestId('members-search'), { target: { value: 'Member 11' } });
    await waitFor(() => expect(shownNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Member 11${i}`)));
    // One question for the search, none per key, and the pager gone with a single page.
    expect(asked).toEqual(['?page=2', '?q=Member+11']);
    expect(screen.queryByTestId('members-pager')).toBeNull();
  });
});
