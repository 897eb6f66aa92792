// @vitest-environment happy-dom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatThread } from '@/components/chats/ChatThread';
import { applyChatEvents } from '@/components/chats/use-chat-events';
import { useThread } from '@/components/chats/use-thread';
import { chatKeys, keepLive, type ConversationList, type ThreadData } from '@/lib/chats/queries';
import type { ChatMessageEvent, ConversationView, MessageView } from '@/lib/chats/types';
import { resetApiClient, showError } from '@/lib/http/api-client';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

// The socket as the chats see it: events are emitted by the test.
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  return {
    handlers,
    on(e: string, fn: (d: unknown) => void) {
      if (!handlers.has(e)) handlers.set(e, new Set());
      handlers.get(e)!.add(fn);
      return () => handlers.get(e)?.delete(fn);
    },
    request: () => Promise.resolve({ sent: true }),
    // Not connected: messages go through the API, which msw plays.
    status: { get: () => 'undefined' },
    emit(e: string, d: unknown) {
      handlers.get(e)?.forEach((fn) => fn(d));
    },
  };
});
vi.mock('@/lib/realtime/client', () => ({ browserSocket: () => socket }));
vi.mock('@/lib/http/api-client', async (original) => ({ ...(await original<typeof import('@/lib/http/api-client')>()), showError: vi.fn() }));

// Read marks go out on their own (also while unmounting): always answered.
const server = setupServer(http.post('http://localhost:3000/api/chats/conversations/:id/read', () => HttpResponse.json({ data: { lastReadSeq: 0 } })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetApiClient();
  socket.handlers.clear();
  vi.mocked(showError).mockClear();
});
afterAll(() => server.close());

const C = '00000000-0000-4000-8000-000000000001';
const ana = { id: 'ana', name: 'Ana', avatar: null };
const bo = { id: 'bo', name: 'Bo', avatar: null };
const message = (seq: number, author = bo, body = `m${seq}`): MessageView => ({
  id: `id-${seq}`,
  seq,
  conversationId: C,
  author,
  body,
  attachments: [],
  createdAt: new Date(Date.UTC(2024, 0, 1, 10, 0, seq)).toISOString(),
  editedAt: null,
  deleted: false,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

/** The messages API over a growing conversation, 30 a page like the server; `asked` records each query. */
function conversationOf(count: number) {
  const held = range(1, count);
  const asked: string[] = [];
  server.use(
    http.get(`http://localhost:3000/api/chats/conversations/${C}/messages`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params.toString());
      const before = params.get('before');
      const after = params.get('after');
      let page: MessageView[];
      let hasMore: boolean;
      if (after !== null) {
        const newer = held.filter((m) => m.seq > Number(after));
        page = newer.slice(0, 30);
        hasMore = newer.length > 30;
      } else {
        const older = held.filter((m) => before === null || m.seq < Number(before));
        page = older.slice(-30);
        hasMore = older.length > 30;
      }
      return HttpResponse.json({ data: { messages: page, hasMore } });
    }),
  );
  return { held, asked, add: (m: MessageView) => held.push(m) };
}

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <TextProvider locale="en" messages={{ chats: en.chats, errors: en.errors }}>
          {children}
        </TextProvider>
      </QueryClientProvider>
    );
  };
}

const seqs = (messages: MessageView[]) => messages.map((m) => m.seq);
const openThread = (client: QueryClient) =>
  renderHook(() => useThread({ conversationId: C, scope: 'staff', viewerId: ana.id, lastReadSeq: 0, target: null }), { wrapper: wrapper(client) });

describe('chat history in the query cache', () => {
  it('opens at the newest page and pages backwards by seq until the start', async () => {
    const api = conversationOf(70);
    const { result } = openThread(makeQueryClient());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(seqs(result.current.messages)).toEqual(range(41, 70).map((m) => m.seq));
    expect(result.current.hasOlder).toBe(true);
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.messages).toHaveLength(60));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.hasOlder).toBe(false));
    expect(seqs(result.current.messages)).toEqual(range(1, 70).map((m) => m.seq));
    expect(api.asked).toEqual(['', 'before=41', 'before=11']);
  });

  it('puts a socket message into the open thread and moves its conversation to the top of the list', async () => {
    conversationOf(3);
    const client = makeQueryClient();
    const other = { id: 'other', lastMessageSeq: 9 } as ConversationView;
    const mine = { id: C, lastMessageSeq: 3, lastMessage: null } as ConversationView;
    client.setQueryData<ConversationList>(chatKeys.list('team', { status: 'open', assignee: 'any' }), { conversations: [other, mine], asOf: 9 });
    const stop = applyChatEvents(client);
    const { result } = openThread(client);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const event: ChatMessageEvent = { channel: 'USER', projectId: 'p', conversationId: C, message: message(4, bo, 'live') };
    act(() => socket.emit('chat:message', event));
    await waitFor(() => expect(seqs(result.current.messages)).toEqual([1, 2, 3, 4]));
    expect(result.current.arrived).toBe(1);
    // The same message again (the sender's own answer, a repeat) is held once.
    act(() => socket.emit('chat:message', event));
    expect(result.current.messages).toHaveLength(4);
    const list = client.getQueryData<ConversationList>(chatKeys.list('team', { status: 'open', assignee: 'any' }))!;
    // Seeded by hand: nothing observes it, so nothing fetches it.
    expect(list.conversations.map((c) => c.id)).toEqual([C, 'other']);
    expect(list.conversations[0].lastMessage?.body).toBe('live');
    act(() => socket.emit('chat:messageDeleted', { channel: 'USER', projectId: 'p', conversationId: C, messageId: 'id-4' }));
    await waitFor(() => expect(result.current.messages[3]).toMatchObject({ deleted: true, body: '' }));
    stop();
  });

  it('after a reconnect holds exactly the messages missed, once each, with every older page kept', async () => {
    const api = conversationOf(40);
    const client = makeQueryClient();
    const { result } = openThread(client);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    act(() => result.current.loadOlder());
    await waitFor(() => expect(result.current.hasOlder).toBe(false));
    // Offline meanwhile: more than a page of messages came.
    for (let seq = 41; seq <= 75; seq++) api.add(message(seq));
    api.asked.length = 0;
    await act(() => client.invalidateQueries({ refetchType: 'active' }));
    await waitFor(() => expect(result.current.messages).toHaveLength(75));
    expect(seqs(result.current.messages)).toEqual(range(1, 75).map((m) => m.seq));
    expect(result.current.hasNewer).toBe(false);
    // The first page again, then everything after it to the end.
    expect(api.asked).toEqual(['before=11', 'after=10', 'after=40', 'after=70']);
  });

  it('keeps a message that arrives while the thread is still on its first load, answered without it', async () => {
    const held = range(1, 3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    server.use(
      http.get(`http://localhost:3000/api/chats/conversations/${C}/messages`, async () => {
        calls += 1;
        // What the database held when the request was read; the first answer is held back.
        const messages = [...held];
        if (calls === 1) await gate;
        return HttpResponse.json({ data: { messages, hasMore: false } });
      }),
    );
    const client = makeQueryClient();
    const stop = applyChatEvents(client);
    const { result } = openThread(client);
    await waitFor(() => expect(calls).toBe(1));
    held.push(message(4));
    act(() => socket.emit('chat:message', { channel: 'USER', projectId: 'p', conversationId: C, message: message(4) }));
    release();
    await waitFor(() => expect(seqs(result.current.messages)).toEqual([1, 2, 3, 4]));
    stop();
  });

  it('keeps what socket events brought while a refetch was under way', () => {
    const page = (messages: MessageView[]) => ({ messages, older: false, newer: false });
    const live: ThreadData = { pages: [page([message(1), { ...message(2), deleted: true, body: '' }, message(3)])], pageParams: [{}] };
    const answer: ThreadData = { pages: [page([message(1), message(2)])], pageParams: [{}] };
    const kept = keepLive(live, answer) as ThreadData;
    expect(seqs(kept.pages[0].messages)).toEqual([1, 2, 3]);
    expect(kept.pages[0].messages[1].deleted).toBe(true);
    // A page that stops short of the end leaves newer messages to its next page.
    const short = keepLive(live, { ...answer, pages: [{ ...answer.pages[0], newer: true }] }) as ThreadData;
    expect(seqs(short.pages[0].messages)).toEqual([1, 2]);
  });
});

describe('sending a message', () => {
  function renderThread(client: QueryClient) {
    const Wrapper = wrapper(client);
    return render(
      <Wrapper>
        <ChatThread
          conversationId={C}
          scope="staff"
          viewerId={ana.id}
          timeZone="UTC"
          lastReadSeq={0}
          target={null}
          composerLabel="Write"
          composerTestId="composer"
          emptyText="Nothing yet"
        />
      </Wrapper>,
    );
  }
  const composer = () => screen.getByTestId('composer') as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(composer(), { target: { value: text } });
  const bodies = () => screen.queryAllByTestId('chat-message').map((el) => el.textContent);

  it('shows it at once as pending, then the server’s copy in its place', async () => {
    conversationOf(1);
    let answer: (r: Response) => void = () => {};
    server.use(http.post(`http://localhost:3000/api/chats/conversations/${C}/messages`, () => new Promise<Response>((resolve) => (answer = resolve))));
    renderThread(makeQueryClient());
    await screen.findByText('m1');
    type('hello there');
    fireEvent.submit(composer().form!);
    expect((await screen.findByTestId('chat-message-pending')).textContent).toContain('hello there');
    expect(composer().value).toBe('');
    answer(HttpResponse.json({ data: { message: message(2, ana, 'hello there') } }, { status: 201 }));
    await waitFor(() => expect(screen.queryByTestId('chat-message-pending')).toBeNull());
    expect(bodies().some((text) => text?.includes('hello there'))).toBe(true);
    expect(showError).not.toHaveBeenCalled();
  });

  it('rolls it back with an error alert when the server refuses it, and gives the text back', async () => {
    conversationOf(1);
    server.use(
      http.post(`http://localhost:3000/api/chats/conversations/${C}/messages`, () => HttpResponse.json({ message: 'Too many messages' }, { status: 429 })),
    );
    renderThread(makeQueryClient());
    await screen.findByText('m1');
    type('will fail');
    fireEvent.submit(composer().form!);
    await waitFor(() => expect(showError).toHaveBeenCalledTimes(1));
    expect(vi.mocked(showError).mock.calls[0][0]).toMatchObject({ status: 429, message: 'Too many messages' });
    expect(screen.queryByTestId('chat-message-pending')).toBeNull();
    expect(bodies().some((text) => text?.includes('will fail'))).toBe(false);
    expect(composer().value).toBe('will fail');
  });
});
