import type { MessageView } from '@/lib/chats/types';
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
