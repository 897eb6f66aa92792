import { NextRequest } from 'next/server';
import { afterAll, beforeAll } from 'vitest';
import * as assign from '@/app/api/chats/conversations/[id]/assign/route';
import * as memberOne from '@/app/api/chats/conversations/[id]/members/[userId]/route';
import * as members from '@/app/api/chats/conversations/[id]/members/route';
import * as messages from '@/app/api/chats/conversations/[id]/messages/route';
import * as read from '@/app/api/chats/conversations/[id]/read/route';
import * as one from '@/app/api/chats/conversations/[id]/route';
import * as conversations from '@/app/api/chats/conversations/route';
import * as file from '@/app/api/chats/files/[messageId]/[fileId]/route';
import * as message from '@/app/api/chats/messages/[id]/route';
import * as people from '@/app/api/chats/people/route';
import * as search from '@/app/api/chats/search/route';
import * as supportMessages from '@/app/api/chats/support/[id]/messages/route';
import * as supportRead from '@/app/api/chats/support/[id]/read/route';
import * as support from '@/app/api/chats/support/route';
import * as unread from '@/app/api/chats/unread/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import type { Envelope } from '@/lib/realtime/audience';
import { memoryPubSub, pubsub, setPubSub } from '@/lib/realtime/pubsub';
import type { Client } from './http';
import { multipart, type FilePart } from './http';
import { tempUploadDir } from './uploads';

type Query = Record<string, string | number>;
const qs = (query: Query = {}) => {
  const text = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return text ? `?${text}` : '';
};

/** A message body as the chat form sends it: the JSON part and files as file_0, file_1, … */
export function messageForm(body: string, files: FilePart[] = [], extra: [string, FilePart | string][] = []): FormData {
  return multipart({ body }, [...files.map((f, i): [string, FilePart] => [`file_${i}`, f]), ...extra]);
}

/** Every chats route, called as the browser would with this client's cookie. */
export function chatApi(client: Client) {
  const withId = (id: string) => ({ params: { id } });
  return {
    list: (query?: Query) => client.call(conversations.GET, `/api/chats/conversations${qs(query)}`, { method: 'GET' }),
    create: (json: unknown) => client.call(conversations.POST, '/api/chats/conversations', { json }),
    get: (id: string) => client.call(one.GET, `/api/chats/conversations/${id}`, { method: 'GET', ...withId(id) }),
    patch: (id: string, json: unknown) => client.call(one.PATCH, `/api/chats/conversations/${id}`, { method: 'PATCH', json, ...withId(id) }),
    addMembers: (id: string, userIds: string[]) => client.call(members.POST, `/api/chats/conversations/${id}/members`, { json: { userIds }, ...withId(id) }),
    removeMember: (id: string, userId: string) =>
      client.call(memberOne.DELETE, `/api/chats/conversations/${id}/members/${userId}`, { method: 'DELETE', params: { id, userId } }),
    assign: (id: string, assigneeId: string | null) =>
      client.call(assign.POST, `/api/chats/conversations/${id}/assign`, { json: { assigneeId }, ...withId(id) }),
    messages: (id: string, query?: Query) => client.call(messages.GET, `/api/chats/conversations/${id}/messages${qs(query)}`, { method: 'GET', ...withId(id) }),
    send: (id: string, body: string | FormData) =>
      client.call(messages.POST, `/api/chats/conversations/${id}/messages`, { form: typeof body === 'string' ? messageForm(body) : body, ...withId(id) }),
    read: (id: string, seq: unknown) => client.call(read.POST, `/api/chats/conversations/${id}/read`, { json: { seq }, ...withId(id) }),
    search: (query: Query) => client.call(search.GET, `/api/chats/search${qs(query)}`, { method: 'GET' }),
    unread: () => client.call(unread.GET, '/api/chats/unread', { method: 'GET' }),
    people: (query?: Query) => client.call(people.GET, `/api/chats/people${qs(query)}`, { method: 'GET' }),
    support: (projectId: string) => client.call(support.GET, `/api/chats/support${qs({ projectId })}`, { method: 'GET' }),
    openSupport: (projectId: string) => client.call(support.POST, '/api/chats/support', { json: { projectId } }),
    supportMessages: (id: string, query?: Query) =>
      client.call(supportMessages.GET, `/api/chats/support/${id}/messages${qs(query)}`, { method: 'GET', ...withId(id) }),
    supportSend: (id: string, body: string | FormData) =>
      client.call(supportMessages.POST, `/api/chats/support/${id}/messages`, { form: typeof body === 'string' ? messageForm(body) : body, ...withId(id) }),
    supportRead: (id: string, seq: number) => client.call(supportRead.POST, `/api/chats/support/${id}/read`, { json: { seq }, ...withId(id) }),
    edit: (id: string, body: string) => client.call(message.PATCH, `/api/chats/messages/${id}`, { method: 'PATCH', json: { body }, ...withId(id) }),
    remove: (id: string) => client.call(message.DELETE, `/api/chats/messages/${id}`, { method: 'DELETE', ...withId(id) }),
    /** The raw download (the other calls read JSON). */
    async file(url: string): Promise<Response> {
      const [, , , , messageId, fileId] = url.split('/');
      const headers: Record<string, string> = { host: 'localhost:3000', 'x-real-ip': client.ip };
      if (client.cookie) headers.cookie = `${AUTH_COOKIE}=${client.cookie}`;
      const req = new NextRequest(`http://localhost:3000${url}`, { method: 'GET', headers });
      return file.GET(req, { params: Promise.resolve({ messageId, fileId }) });
    },
  };
}

export type ChatApi = ReturnType<typeof chatApi>;

/**
 * Events the services publish, caught on the in-process bus for this test file (a bus of
 * its own, whatever the environment configures), and private storage in a temporary folder
 * (or a fresh prefix of the run's bucket, unless `local`: see tempUploadDir).
 */
export function setupChatBus(options: { local?: boolean } = {}) {
  const events: Envelope[] = [];
  let uploads: ReturnType<typeof tempUploadDir> | undefined;
  let unsubscribe: (() => void) | undefined;
  beforeAll(() => {
    uploads = tempUploadDir('atrio-chats-', undefined, options);
    setPubSub(memoryPubSub());
    unsubscribe = pubsub().subscribe((e) => events.push(e));
  });
  afterAll(() => {
    unsubscribe?.();
    setPubSub(undefined);
    uploads?.restore();
  });
  return {
    events,
    get uploadDir() {
      return uploads!.dir;
    },
    /**
     * Hands over (and forgets) what arrived, once deliveries have gone quiet; with `e`, after
     * one of that kind has arrived (or a second has passed). A sent message is announced after
     * its answer, so an event may still be on its way when the request returns.
     */
    async take(e?: string): Promise<Envelope[]> {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const deadline = Date.now() + 1000;
      while (e && !events.some((x) => x.e === e) && Date.now() < deadline) await sleep(5);
      for (let seen = -1; seen !== events.length;) {
        seen = events.length;
        await sleep(20);
      }
      const taken = events.splice(0, events.length);
      return e ? taken.filter((x) => x.e === e) : taken;
    },
  };
}
