import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '@/lib/http/api-client';

// How the chat sends a message from the browser: text over the open socket, files and any
// text the socket did not take through the API, always under the same client key.

const socket = { status: { get: vi.fn(() => 'connected') }, request: vi.fn() };
vi.mock('@/lib/realtime/client', () => ({ browserSocket: () => socket }));
const { sendMessage } = await import('@/components/chats/api');

const BASE = 'http://app.test';
const server = setupServer();
const posted: { body: string; clientKey: string; files: number }[] = [];
const saved = { id: 'm1', seq: 7, body: 'hello' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  posted.length = 0;
  socket.status.get.mockReturnValue('connected');
  socket.request.mockReset();
  vi.stubGlobal('location', { origin: BASE, href: `${BASE}/dashboard/chats`, pathname: '/dashboard/chats', search: '' });
  server.use(
    http.post(`${BASE}/api/chats/conversations/c1/messages`, async ({ request }) => {
      const form = await request.formData();
      const json = JSON.parse(String(form.get('json'))) as { body: string; clientKey: string };
      posted.push({ ...json, files: [...form.keys()].filter((k) => k.startsWith('file_')).length });
      return HttpResponse.json({ data: { message: saved } }, { status: 201 });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});

const out = (over: Partial<Parameters<typeof sendMessage>[0]> = {}) => ({
  conversationId: 'c1',
  path: 'chats/conversations/c1/messages',
  body: 'hello',
  files: [] as File[],
  clientKey: 'key-12345678',
  onProgress: () => {},
  ...over,
});

describe('sending a chat message', () => {
  it('sends text over the connected socket, with its key, and makes no HTTP request', async () => {
    socket.request.mockResolvedValue({ message: saved });
    expect(await sendMessage(out())).toEqual(saved);
    expect(socket.request).toHaveBeenCalledWith('chat:send', { conversationId: 'c1', body: 'hello', clientKey: 'key-12345678' });
    expect(posted).toEqual([]);
  });

  it('sends through the API, under the same key, what the socket did not take', async () => {
    socket.request.mockRejectedValue(new Error('Socket request timed out'));
    expect(await sendMessage(out())).toEqual(saved);
    expect(posted).toEqual([{ body: 'hello', clientKey: 'key-12345678', files: 0 }]);
  });

  it('uses the API without asking the socket when it is not connected, or when files go with the text', async () => {
    socket.status.get.mockReturnValue('busy');
    await sendMessage(out());
    socket.status.get.mockReturnValue('connected');
    await sendMessage(out({ files: [new File(['x'], 'a.txt', { type: 'text/plain' })], clientKey: 'key-87654321' }));
    expect(socket.request).not.toHaveBeenCalled();
    expect(posted).toEqual([
      { body: 'hello', clientKey: 'key-12345678', files: 0 },
      { body: 'hello', clientKey: 'key-87654321', files: 1 },
    ]);
  });
});
