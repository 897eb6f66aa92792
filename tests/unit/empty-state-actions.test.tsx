// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BoardsList } from '@/components/boards/BoardsList';
import { UsersPanel } from '@/components/users/UsersPanel';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }), usePathname: () => '/dashboard' }));

afterEach(cleanup);

function show(node: ReactNode) {
  render(
    <TextProvider locale="en" messages={{ users: en.users, boards: en.boards, errors: en.errors, validation: en.validation }}>
      <QueryClientProvider client={makeQueryClient()}>{node}</QueryClientProvider>
    </TextProvider>,
  );
}

// The page's create button is in its header; an empty list says so without repeating it.
describe('an empty list next to its page’s create button', () => {
  it('a new project’s users page has one "Invite" button', () => {
    const owner = {
      id: 'm1',
      userId: 'u1',
      name: 'Olga Owner',
      email: 'owner@example.test',
      avatar: null,
      status: 1,
      profiles: [],
      lastSeenAt: null,
      joinedAt: '2026-01-01T00:00:00.000Z',
    };
    show(
      <UsersPanel
        initial={{ members: [owner], total: 1, page: 1, size: 50, invitations: [], profiles: [] }}
        can={{ create: true, update: true, remove: true }}
        viewerId="u1"
        timeZone="UTC"
        renderedAt={Date.parse('2026-01-02T00:00:00Z')}
      />,
    );
    expect(screen.getByTestId('invitations-empty').textContent).toContain(en.users.noInvitations);
    expect(screen.getAllByRole('button', { name: en.users.invite })).toHaveLength(1);
  });

  it('a project without boards has one "New board" button', () => {
    show(<BoardsList boards={[]} may={{ create: true }} />);
    expect(screen.getByTestId('empty-state').textContent).toContain(en.boards.empty);
    expect(screen.getAllByRole('button', { name: en.boards.new })).toHaveLength(1);
  });
});
