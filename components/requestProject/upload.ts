import { api, parseBody, toApiError } from '@/lib/http/api-client';

/** Share of the body sent so far (0–1), or null when the browser cannot tell. */
export type OnProgress = (fraction: number | null) => void;

type Answer = { status: number; text: string; retryAfter: string | null };

function post(path: string, form: FormData, onProgress: OnProgress): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => onProgress(e.lengthComputable ? e.loaded / e.total : null);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, retryAfter: xhr.getResponseHeader('retry-after') });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
    xhr.send(form);
  });
}

/**
 * A multipart POST with upload progress (fetch cannot report it). The session is checked
 * through api() first, which renews an expired access token, so a large body is not sent
 * only to meet a 401; if one comes anyway, api() sends it again with its usual refresh or
 * sign-out. Errors are the ApiError api() throws.
 */
export async function upload<T>(path: string, form: FormData, onProgress: OnProgress): Promise<T> {
  await api('auth/session');
  const answer = await post(path, form, onProgress);
  if (answer.status === 401) {
    onProgress(null);
    return api<T>(path, { form });
  }
  const body = parseBody(answer.text);
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer.status, body, answer.retryAfter);
  return body as T;
}
