import { api } from '@/lib/http/api-client';

// The requests' writes as the UI calls them (the reads are query options in lib/requests/queries.ts).

/** A form with files: the `json` part and file_0 … file_4, as the API reads it. */
export function postForm<T>(path: string, json: unknown, files: File[]): Promise<T> {
  if (files.length === 0) return api<T>(path, { json });
  const form = new FormData();
  form.append('json', JSON.stringify(json));
  files.forEach((file, i) => form.append(`file_${i}`, file));
  return api<T>(path, { form });
}

export const patchRequest = (id: string, json: unknown) => api<{ message: string }>(`requests/${id}`, { method: 'PATCH', json });
