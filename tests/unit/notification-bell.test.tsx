// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionStore } from '@/components/realtime/browser-notifications';
import { NotificationBell } from '@/components/shell/NotificationBell';
import { TextProvider } from '@/lib/i18n/client';
import { notifications, type NotificationInput } from '@/lib/shell/notifications';
import en from '@/messages/en.json';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

const input = (title: string, href: string): NotificationInput => ({
  icon: 'chat',
  title,
  subtitle: 'Ana: hi',
  type: 'CHAT_TEAM',
  time: '2025-01-02T03:04:05.000Z',
  href,
});

function renderBell() {
  render(
    <TextProvider locale="en" messages={{ notifications: en.notifications }}>
      <button type="button">elsewhere</button>
      <NotificationBell />
    </TextProvider>,
  );
}

/** The bell as it is now: a plain button until the first click loads the panel, then the popover's trigger. */
const bell = () => screen.getByTestId('notification-bell');

// Radix starts listening for presses outside on the tick after opening.
const tick = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

async function open() {
  await act(async () => void fireEvent.click(bell()));
  const panel = await screen.findByTestId('notification-panel');
  await tick();
  return panel;
}

beforeEach(() => {
  push.mockReset();
  notifications.clear();
  permissionStore.set('default');
  // Added oldest first: the list shows them newest first.
  notifications.add(input('Team chat', '/dashboard/chats?c=1'));
  notifications.add({ ...input('Support chat', '/dashboard/chats?c=2'), removeOnClick: false });
});
afterEach(cleanup);

describe('NotificationBell', () => {
  it('shows the unread count on the bell and opens a labelled panel with the entries', async () => {
    renderBell();
    expect(screen.getByTestId('notification-count').textContent).toBe('2');
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    const panel = await open();
    expect(bell().getAttribute('aria-expanded')).toBe('true');
    expect(panel.getAttribute('role')).toBe('dialog');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panel);
    expect(screen.getAllByTestId('notification-entry').map((e) => e.querySelector('.truncate')?.textContent)).toEqual(['Support chat', 'Team chat']);
    expect(screen.getByTestId('enable-browser-notifications').textContent).toBe('Enable browser notifications');
    // The panel takes the focus; arrows move through its buttons and wrap around.
    expect(document.activeElement).toBe(panel);
    const buttons = [...panel.querySelectorAll('button')];
    fireEvent.keyDown(panel, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons.at(-1));
    expect(buttons.at(-1)?.dataset.testid).toBe('enable-browser-notifications');
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    renderBell();
    const panel = await open();
    await act(async () => void fireEvent.keyDown(panel, { key: 'Escape' }));
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(document.activeElement).toBe(bell()));
  });

  it('closes on a press outside', async () => {
    renderBell();
    await open();
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    await act(async () => {
      fireEvent.pointerDown(elsewhere);
      fireEvent.click(elsewhere);
    });
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
    expect(bell().getAttribute('aria-expanded')).toBe('false');
  });

  it('after choosing an entry: closes, navigates to it and drops it when it says so', async () => {
    renderBell();
    await open();
    const [support, team] = screen.getAllByTestId('notification-entry');
    await act(async () => void fireEvent.click(team));
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
    expect(push).toHaveBeenCalledWith('/dashboard/chats?c=1');
    expect(notifications.store.get().map((n) => n.title)).toEqual(['Support chat']);
    expect(screen.getByTestId('notification-count').textContent).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(bell()));
    expect(support.isConnected).toBe(false);

    // An entry without removeOnClick stays in the list.
    await open();
    await act(async () => void fireEvent.click(screen.getByTestId('notification-entry')));
    await waitFor(() => expect(screen.queryByTestId('notification-panel')).toBeNull());
    expect(push).toHaveBeenLastCalledWith('/dashboard/chats?c=2');
    expect(notifications.store.get().map((n) => n.title)).toEqual(['Support chat']);
  });

  it('marks all read and clears without closing, then shows the empty state', async () => {
    renderBell();
    const panel = await open();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Mark all read' })));
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(document.activeElement).toBe(panel);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Clear all' })));
    expect(screen.getByTestId('notification-panel').textContent).toContain('No notifications');
    expect(screen.queryAllByTestId('notification-entry')).toHaveLength(0);
  });

  it('hides the browser notifications action once they are granted', async () => {
    permissionStore.set('granted');
    // syncPermission reads the browser's own value on mount; happy-dom has no Notification.
    renderBell();
    await open();
    expect(screen.queryByTestId('enable-browser-notifications')).toBeNull();
  });
});
