import { CHAT_EVENTS, type MessageView } from '@/lib/chats/types';
import { api } from '@/lib/http/api-client';
import { browserSocket } from '@/lib/realtime/client';
import { upload, type OnProgress } from '@/components/requestProject/upload';

// The chats' writes as the UI calls them (the reads are query options in lib/chats/queries.ts).

export async function editMessage(id: string, body: string): Promise<MessageView> {
  return (await api<{ data: { message: MessageView } }>(`chats/messages/${id}`, { method: 'PATCH', json: { body } })).data.message;
}

export function deleteMessage(id: string): Promise<unknown> {
  return api(`chats/messages/${id}`, { method: 'DELETE' });
}

/** The page's socket (started by the signed-in layout, never here). */
export const chatSocket = browserSocket;

/** Files above this (in total) show upload progress; smaller ones go before a bar could mean anything. */
const PROGRESS_FROM_BYTES = 512 * 1024;

/** A message on its way: `clientKey` names it, so however often it is sent it is saved once. */
export type Outgoing = { conversationId: string; path: string; body: string; files: File[]; clientKey: string; onProgress: OnProgress };

/**
 * Sends a message: text over the open socket (no HTTP request to pay for), anything with
 * files, or any text the socket did not take (not connected, refused, no answer), through
 * the API. The same client key makes the second try find the message if the first made it,
 * and the API's answer is what the person sees when it is refused, in their language.
 */
export async function sendMessage(out: Outgoing): Promise<MessageView> {
  const socket = chatSocket();
  if (out.files.length === 0 && socket.status.get() === 'connected') {
    try {
      const d = (await socket.request(CHAT_EVENTS.send, { conversationId: out.conversationId, body: out.body, clientKey: out.clientKey })) as {
        message: MessageView;
      };
      return d.message;
    } catch {
      // Through the API below.
    }
  }
  return postMessage(out);
}

/** Posts a message (text and files as `json` + `file_N` parts); large uploads report progress. */
async function postMessage({ path, body, files, clientKey, onProgress }: Outgoing): Promise<MessageView> {
  const form = new FormData();
  form.append('json', JSON.stringify({ body, clientKey }));
  files.forEach((file, i) => form.append(`file_${i}`, file));
  const size = files.reduce((sum, f) => sum + f.size, 0);
  type Answer = { data: { message: MessageView } };
  const answer = size >= PROGRESS_FROM_BYTES ? await upload<Answer>(path, form, onProgress) : await api<Answer>(path, { form });
  return answer.data.message;
}
