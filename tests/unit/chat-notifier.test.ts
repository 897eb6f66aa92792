import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleChatMessage, loadUnread } from '@/components/realtime/chat-events';
import type { ChatMessageEvent } from '@/lib/chats/types';
import { countMessage, setOpenConversation, setUnread, unreadStore, unreadTotalAtom } from '@/lib/chats/unread-store';
import { ApiError } from '@/lib/http/api-client';
import { createNotifications } from '@/lib/shell/notifications';
import { chatNotice, shortText, type NotifyContext } from '@/lib/shell/notify-rules';

// The derived total, as the tab title and the chats entry read it.
const total = () => getDefaultStore().get(unreadTotalAtom);

const ME = 'u-me';
const PROJECT = 'p-a';
const OTHER_PROJECT = 'p-b';

// Support events carry their project's key; this fixture knows only the other project's.
const KEYS: Record<string, string> = { [OTHER_PROJECT]: 'beta' };

function event(over: { channel?: 'USER' | 'SUPPORT'; projectId?: string; author?: string | null; body?: string; files?: string[] } = {}): ChatMessageEvent {
  const author = over.author === undefined ? 'u-ana' : over.author;
  const projectId = over.projectId ?? PROJECT;
  return {
    channel: over.channel ?? 'USER',
    projectId,
    projectKey: over.channel === 'SUPPORT' ? KEYS[projectId] : undefined,
    conversationId: 'c-1',
    message: {
      id: 'm-1',
      seq: 7,
      conversationId: 'c-1',
      author: author ? { id: author, name: author === ME ? 'Me' : 'Ana', avatar: null } : null,
      body: over.body ?? 'Hello there',
      attachments: (over.files ?? []).map((name, i) => ({ id: `f${i}`, name, type: 'application/pdf', size: 1, url: '/x', image: false })),
      createdAt: '2025-01-02T03:04:05.000Z',
      editedAt: null,
      deleted: false,
    },
  };
}

function context(over: Partial<NotifyContext> = {}): NotifyContext {
  return {
    viewerId: ME,
    pathname: '/dashboard/users',
    hidden: false,
    activeProjectId: PROJECT,
    canSupport: true,
    paths: { chats: '/dashboard/chats', support: (key) => `/cuenta/soporte/${key}`, supportFallback: '/cuenta/proyectos' },
    titles: { CHAT_TEAM: 'Chat equipo', CHAT_SUPPORT: 'Chat soporte' },
    ...over,
  };
}

describe('chatNotice: when a message becomes a notification', () => {
  it('team message on another page: CHAT_TEAM, team title, the conversation on the chats page', () => {
    expect(chatNotice(event(), context())).toEqual({
      type: 'CHAT_TEAM',
      title: 'Chat equipo',
      subtitle: 'Ana: Hello there',
      href: '/dashboard/chats?c=c-1',
      tag: 'chat-c-1',
    });
  });

  it('none on the visible chats page (with or without a query or trailing slash)', () => {
    expect(chatNotice(event(), context({ pathname: '/dashboard/chats' }))).toBeNull();
    expect(chatNotice(event(), context({ pathname: '/dashboard/chats/' }))).toBeNull();
  });

  it('on the chats page while the tab is hidden: notified', () => {
    expect(chatNotice(event(), context({ pathname: '/dashboard/chats', hidden: true }))?.type).toBe('CHAT_TEAM');
  });

  it('never for the viewer’s own messages (their other tabs)', () => {
    expect(chatNotice(event({ author: ME }), context({ hidden: true }))).toBeNull();
  });

  it('support message for staff: CHAT_SUPPORT, support title, the staff chats page', () => {
    const n = chatNotice(event({ channel: 'SUPPORT' }), context());
    expect(n).toMatchObject({ type: 'CHAT_SUPPORT', title: 'Chat soporte', href: '/dashboard/chats?c=c-1' });
  });

  it('support reply to the viewer as a customer of another project: that project’s support page', () => {
    const n = chatNotice(event({ channel: 'SUPPORT', projectId: OTHER_PROJECT }), context());
    expect(n).toMatchObject({ type: 'CHAT_SUPPORT', href: '/cuenta/soporte/beta' });
    // Already on that support page and looking at it: nothing.
    expect(chatNotice(event({ channel: 'SUPPORT', projectId: OTHER_PROJECT }), context({ pathname: '/cuenta/soporte/beta' }))).toBeNull();
    // The staff chats page does not show a customer's own conversation.
    expect(chatNotice(event({ channel: 'SUPPORT', projectId: OTHER_PROJECT }), context({ pathname: '/dashboard/chats' }))).not.toBeNull();
  });

  it('a customer in the same project without support duty, or not connected at all, is a customer', () => {
    expect(chatNotice(event({ channel: 'SUPPORT' }), context({ canSupport: false }))?.href).toBe('/cuenta/proyectos');
    expect(chatNotice(event({ channel: 'SUPPORT', projectId: OTHER_PROJECT }), context({ activeProjectId: null }))?.href).toBe('/cuenta/soporte/beta');
  });

  it('a support reply without its project’s key falls back to the account projects tab, even when there', () => {
    const n = chatNotice(event({ channel: 'SUPPORT', projectId: 'p-x' }), context({ pathname: '/cuenta/proyectos' }));
    expect(n?.href).toBe('/cuenta/proyectos');
  });

  it('the subtitle: one short line, file names for a text-less message, no author when unknown', () => {
    expect(chatNotice(event({ body: 'a\n\n  b' }), context())?.subtitle).toBe('Ana: a b');
    expect(chatNotice(event({ body: '', files: ['plan.pdf', 'b.pdf'] }), context())?.subtitle).toBe('Ana: plan.pdf, b.pdf');
    expect(chatNotice(event({ author: null }), context())?.subtitle).toBe('Hello there');
    const long = shortText(event({ body: 'x'.repeat(300) }));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('encodes the conversation id in the link', () => {
    const e = event();
    e.conversationId = 'a b&c';
    expect(chatNotice(e, context())?.href).toBe('/dashboard/chats?c=a%20b%26c');
  });
});

describe('handleChatMessage', () => {
  let list: ReturnType<typeof createNotifications>;
  const navigate = vi.fn();
  const chime = vi.fn();

  beforeEach(() => {
    setUnread({});
    setOpenConversation(null);
    list = createNotifications();
    navigate.mockReset();
    chime.mockReset();
    vi.unstubAllGlobals();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts it, adds the entry, shows the browser notification and chimes', () => {
    const made: { title: string; options: NotificationOptions; onclick: (() => void) | null; close: () => void }[] = [];
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted';
        onclick: (() => void) | null = null;
        close = vi.fn();
        constructor(title: string, options: NotificationOptions) {
          made.push(Object.assign(this, { title, options }));
        }
      },
    );
    vi.stubGlobal('focus', vi.fn());
    handleChatMessage(event(), context(), 'Nuevo mensaje', { list, navigate, chime });
    expect(unreadStore.get()).toEqual({ 'c-1': 1 });
    expect(getDefaultStore().get(unreadTotalAtom)).toBe(1);
    expect(list.store.get()).toEqual([
      expect.objectContaining({
        icon: 'chat',
        title: 'Chat equipo',
        subtitle: 'Ana: Hello there',
        type: 'CHAT_TEAM',
        time: '2025-01-02T03:04:05.000Z',
        unread: true,
        href: '/dashboard/chats?c=c-1',
        removeOnClick: true,
      }),
    ]);
    expect(made).toHaveLength(1);
    expect(made[0].options).toMatchObject({ body: 'Nuevo mensaje', requireInteraction: true, tag: 'chat-c-1' });
    expect(chime).toHaveBeenCalledTimes(1);
    // Clicking the system notification follows it and drops the in-app entry.
    made[0].onclick!();
    expect(navigate).toHaveBeenCalledWith('/dashboard/chats?c=c-1');
    expect(list.store.get()).toEqual([]);
  });

  it('on the visible chats page with that conversation open: neither counted nor notified', () => {
    setOpenConversation('c-1');
    expect(handleChatMessage(event(), context({ pathname: '/dashboard/chats' }), 'New message', { list, navigate, chime })).toBeNull();
    expect(total()).toBe(0);
    expect(list.store.get()).toEqual([]);
    expect(chime).not.toHaveBeenCalled();
  });

  it('on the chats page with another conversation open: counted, not notified', () => {
    setOpenConversation('c-2');
    handleChatMessage(event(), context({ pathname: '/dashboard/chats' }), 'New message', { list, navigate, chime });
    expect(total()).toBe(1);
    expect(list.store.get()).toEqual([]);
  });

  it('without browser permission: the in-app entry and the chime only', () => {
    vi.stubGlobal('Notification', undefined);
    handleChatMessage(event(), context(), 'New message', { list, navigate, chime });
    expect(list.store.get()).toHaveLength(1);
    expect(chime).toHaveBeenCalledTimes(1);
  });
});

describe('loadUnread', () => {
  beforeEach(() => {
    // Cursors back to 0 for the conversations and the project these tests use.
    setUnread({}, 0, ['c-1', 'c-2', 'c-9']);
    setUnread({}, 0, { projectId: PROJECT });
  });

  it('sets the counts from the API', async () => {
    await loadUnread(PROJECT, async () => ({ data: { total: 5, conversations: { a: 2, b: 3 }, asOf: 9 } }));
    expect(unreadStore.get()).toEqual({ a: 2, b: 3 });
    expect(total()).toBe(5);
  });

  it('a message the API already counted is not counted again when its event arrives late', async () => {
    await loadUnread(PROJECT, async () => ({ data: { total: 1, conversations: { 'c-1': 1 }, asOf: 7 } }));
    const counted = (seq: number) => countMessage({ ...event(), message: { ...event().message, seq } }, 'me', true);
    expect(counted(7)).toBe(false);
    expect(total()).toBe(1);
    expect(counted(8)).toBe(true);
    expect(total()).toBe(2);
  });

  it('the cursor covers the counted conversations only: seqs count per project, so another project’s low seq still counts', async () => {
    await loadUnread(PROJECT, async () => ({ data: { total: 1, conversations: { 'c-1': 1 }, asOf: 70 } }));
    const elsewhere: ChatMessageEvent = { ...event({ channel: 'SUPPORT', projectId: OTHER_PROJECT }), conversationId: 'c-other' };
    expect(countMessage({ ...elsewhere, message: { ...elsewhere.message, conversationId: 'c-other', seq: 3 } }, 'me', true)).toBe(true);
    expect(unreadStore.get()).toEqual({ 'c-1': 1, 'c-other': 1 });
  });

  it('a message whose event beats an answer counted before it stays unread', async () => {
    let answer!: (a: { data: { total: number; conversations: Record<string, number>; asOf: number } }) => void;
    const loading = loadUnread(PROJECT, () => new Promise((resolve) => (answer = resolve)));
    expect(countMessage({ ...event(), message: { ...event().message, seq: 12 } }, 'me', true)).toBe(true);
    answer({ data: { total: 2, conversations: { 'c-2': 2 }, asOf: 11 } });
    await loading;
    expect(unreadStore.get()).toEqual({ 'c-2': 2, 'c-1': 1 });
    // An answer that counted it takes it over, and its event is not counted twice.
    await loadUnread(PROJECT, async () => ({ data: { total: 3, conversations: { 'c-1': 1, 'c-2': 2 }, asOf: 12 } }));
    expect(total()).toBe(3);
    expect(countMessage({ ...event(), message: { ...event().message, seq: 12 } }, 'me', true)).toBe(false);
    expect(total()).toBe(3);
  });

  it('an answer over the whole project covers the conversations it has no count for', async () => {
    await loadUnread(PROJECT, async () => ({ data: { total: 0, conversations: {}, asOf: 20 } }));
    expect(countMessage({ ...event(), conversationId: 'c-9', message: { ...event().message, conversationId: 'c-9', seq: 20 } }, 'me', true)).toBe(false);
    expect(total()).toBe(0);
  });

  it('ignores 403 and 404 silently, keeping the counts', async () => {
    setUnread({ a: 1 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadUnread(PROJECT, () => Promise.reject(new ApiError(403, 'forbidden')));
    await loadUnread(PROJECT, () => Promise.reject(new ApiError(404, 'notFound')));
    expect(total()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
    await loadUnread(PROJECT, () => Promise.reject(new ApiError(500, '')));
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
