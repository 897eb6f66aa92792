import type { ChatPerson, ConversationView, MessageView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { browserSocket } from '@/lib/realtime/client';
import { upload, type OnProgress } from '@/components/requestProject/upload';

// The chats API as the UI calls it. Staff and the customer reach a conversation's messages
// through different routes; everything else about a thread is the same.

/** Where a thread's messages and read mark live: under the staff routes or the customer's. */
export type ThreadRoutes = { messages: (conversationId: string) => string; read: (conversationId: string) => string };

export const staffRoutes: ThreadRoutes = {
  messages: (id) => `chats/conversations/${id}/messages`,
  read: (id) => `chats/conversations/${id}/read`,
};

export const supportRoutes: ThreadRoutes = {
  messages: (id) => `chats/support/${id}/messages`,
  read: (id) => `chats/support/${id}/read`,
};

export type MessagePage = { messages: MessageView[]; hasMore: boolean };

/** A page of messages: `before` the page older than a seq, `after` the newer ones, neither the newest. */
export async function fetchMessages(routes: ThreadRoutes, id: string, cursor: { before?: number; after?: number } = {}): Promise<MessagePage> {
  const query = new URLSearchParams();
  if (cursor.before !== undefined) query.set('before', String(cursor.before));
  if (cursor.after !== undefined) query.set('after', String(cursor.after));
  const qs = query.size ? `?${query}` : '';
  return (await api<{ data: MessagePage }>(`${routes.messages(id)}${qs}`, { method: 'GET' })).data;
}

export type ConversationDetail = { conversation: ConversationView; members: ChatPerson[] };

export async function fetchConversation(id: string): Promise<ConversationDetail> {
  return (await api<{ data: ConversationDetail }>(`chats/conversations/${id}`, { method: 'GET' })).data;
}

export async function fetchPeople(q = ''): Promise<ChatPerson[]> {
  return (await api<{ data: { people: ChatPerson[] } }>(`chats/people?${new URLSearchParams({ q })}`, { method: 'GET' })).data.people;
}

export function editMessage(id: string, body: string): Promise<unknown> {
  return api(`chats/messages/${id}`, { method: 'PATCH', json: { body } });
}

export function deleteMessage(id: string): Promise<unknown> {
  return api(`chats/messages/${id}`, { method: 'DELETE' });
}

/** The page's socket (started by the signed-in layout, never here). */
export const chatSocket = browserSocket;

/** Files above this (in total) show upload progress; smaller ones go before a bar could mean anything. */
export const PROGRESS_FROM_BYTES = 512 * 1024;

/** Posts a message (text and files as `json` + `file_N` parts); large uploads report progress. */
export async function postMessage(path: string, body: string, files: File[], onProgress: OnProgress): Promise<MessageView> {
  const form = new FormData();
  form.append('json', JSON.stringify({ body }));
  files.forEach((file, i) => form.append(`file_${i}`, file));
  const size = files.reduce((sum, f) => sum + f.size, 0);
  type Answer = { data: { message: MessageView } };
  const answer = size >= PROGRESS_FROM_BYTES ? await upload<Answer>(path, form, onProgress) : await api<Answer>(path, { form });
  return answer.data.message;
}
