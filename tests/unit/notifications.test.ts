import { describe, expect, it } from 'vitest';
import { plainTitle, withUnread } from '@/components/realtime/tab-title';
import { createNotifications, MAX_NOTIFICATIONS, unreadCount, type NotificationInput } from '@/lib/shell/notifications';

const input = (title: string): NotificationInput => ({
  icon: 'chat',
  title,
  subtitle: 'Ana: hi',
  type: 'CHAT_TEAM',
  time: '2025-01-02T03:04:05.000Z',
  href: '/dashboard/chats?c=1',
});

describe('notifications store', () => {
  it('adds entries newest first, unread and removed on click by default', () => {
    const n = createNotifications();
    const a = n.add(input('A'));
    const b = n.add(input('B'));
    expect(a).not.toBe(b);
    expect(n.store.get().map((e) => e.title)).toEqual(['B', 'A']);
    expect(n.store.get()[0]).toMatchObject({ id: b, unread: true, removeOnClick: true, type: 'CHAT_TEAM', icon: 'chat', href: '/dashboard/chats?c=1' });
    expect(unreadCount(n.store.get())).toBe(2);
  });

  it('keeps an explicit unread or removeOnClick', () => {
    const n = createNotifications();
    n.add({ ...input('A'), unread: false, removeOnClick: false });
    expect(n.store.get()[0]).toMatchObject({ unread: false, removeOnClick: false });
  });

  it('marks all read without dropping any, and leaves the list alone when nothing is unread', () => {
    const n = createNotifications();
    n.add(input('A'));
    n.add(input('B'));
    n.markAllRead();
    expect(n.store.get().map((e) => [e.title, e.unread])).toEqual([
      ['B', false],
      ['A', false],
    ]);
    const before = n.store.get();
    n.markAllRead();
    expect(n.store.get()).toBe(before);
  });

  it('removes one entry by id; an unknown id changes nothing', () => {
    const n = createNotifications();
    const a = n.add(input('A'));
    n.add(input('B'));
    n.remove(a);
    expect(n.store.get().map((e) => e.title)).toEqual(['B']);
    const before = n.store.get();
    n.remove('nope');
    expect(n.store.get()).toBe(before);
  });

  it('clears the list', () => {
    const n = createNotifications();
    n.add(input('A'));
    n.clear();
    expect(n.store.get()).toEqual([]);
  });

  it(`keeps the newest ${MAX_NOTIFICATIONS} entries`, () => {
    const n = createNotifications();
    for (let i = 0; i < MAX_NOTIFICATIONS + 5; i++) n.add(input(`#${i}`));
    const titles = n.store.get().map((e) => e.title);
    expect(titles).toHaveLength(MAX_NOTIFICATIONS);
    expect(titles[0]).toBe(`#${MAX_NOTIFICATIONS + 4}`);
    expect(titles.at(-1)).toBe('#5');
  });

  it('notifies subscribers on each change', () => {
    const n = createNotifications();
    let calls = 0;
    n.store.subscribe(() => (calls += 1));
    const id = n.add(input('A'));
    n.markAllRead();
    n.remove(id);
    expect(calls).toBe(3);
  });
});

describe('tab title with the unread total', () => {
  it('prefixes "(N) " while N > 0 and restores the plain title at 0', () => {
    expect(withUnread('Chats · Atrio', 3)).toBe('(3) Chats · Atrio');
    expect(withUnread('(3) Chats · Atrio', 0)).toBe('Chats · Atrio');
    expect(withUnread('Chats · Atrio', 0)).toBe('Chats · Atrio');
  });

  it('replaces an old prefix instead of stacking a second one', () => {
    expect(withUnread('(3) Chats · Atrio', 12)).toBe('(12) Chats · Atrio');
    expect(withUnread(withUnread('Users · Atrio', 1), 1)).toBe('(1) Users · Atrio');
    expect(withUnread('Users · Atrio', 100)).toBe('(99+) Users · Atrio');
    expect(withUnread('(99+) Users · Atrio', 2)).toBe('(2) Users · Atrio');
  });

  it('plainTitle only strips a leading count', () => {
    expect(plainTitle('(7) Users · Atrio')).toBe('Users · Atrio');
    expect(plainTitle('Users (7) · Atrio')).toBe('Users (7) · Atrio');
    expect(plainTitle('(x) Users')).toBe('(x) Users');
  });
});
