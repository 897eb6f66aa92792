import { ENDED_PARAM } from '../auth/hint';
import { alerts } from '../shell/alerts';

/** A server answer outside 2xx, with SPEC.md's `{ message, data: { fields } }` body unpacked. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly data: Record<string, unknown> = {},
    /** Seconds from a `Retry-After` header (429). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type ApiOptions = {
  method?: string;
  json?: unknown;
  form?: FormData;
  /** Extra attempts after a failed fetch (network error); SPEC.md section 7 says 0. */
  retries?: number;
  signal?: AbortSignal;
  /** The request outlives the page (sent as it unloads). */
  keepalive?: boolean;
  /**
   * False for calls made without a session (login, register, password reset): their 401 is
   * the answer itself, not an expired access token to refresh.
   */
  session?: boolean;
};

const RETRY_DELAY_MS = 300;

// One refresh for every request that meets a 401 at the same time. `generation` counts
// finished refreshes, so a request sent before the last refresh just retries with the new
// cookie instead of rotating the refresh token once more.
let generation = 0;
let refreshing: Promise<boolean> | null = null;
let signingOut: Promise<void> | null = null;

function url(path: string): string {
  return new URL(`/api/${path.replace(/^\/+/, '')}`, location.href).toString();
}

async function send(path: string, options: ApiOptions, attemptsLeft: number): Promise<Response> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (method !== 'GET' && method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json ?? {});
  }
  try {
    return await fetch(url(path), { method, headers, body, signal: options.signal, keepalive: options.keepalive, credentials: 'same-origin' });
  } catch (error) {
    if (attemptsLeft <= 0 || options.signal?.aborted) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return send(path, options, attemptsLeft - 1);
  }
}

/** An answer's body: its JSON, else its text; undefined when empty. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(res: Response): Promise<unknown> {
  return parseBody(await res.text());
}

/** The ApiError for an answer outside 2xx; `retryAfter` is its `Retry-After` header as sent. */
export function toApiError(status: number, body: unknown, retryAfter: string | null): ApiError {
  const shaped = body && typeof body === 'object' ? (body as { message?: unknown; data?: unknown }) : {};
  const data = shaped.data && typeof shaped.data === 'object' ? (shaped.data as Record<string, unknown>) : {};
  const rawFields = data.fields && typeof data.fields === 'object' ? (data.fields as Record<string, unknown>) : {};
  const fields = Object.fromEntries(Object.entries(rawFields).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const seconds = Number(retryAfter);
  return new ApiError(status, typeof shaped.message === 'string' ? shaped.message : '', fields, data, seconds > 0 ? seconds : undefined);
}

const toError = (res: Response, body: unknown) => toApiError(res.status, body, res.headers.get('retry-after'));

async function refreshSession(seen: number): Promise<boolean> {
  if (generation !== seen) return true;
  refreshing ??= fetch(url('auth/refreshAccess'), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{}',
    credentials: 'same-origin',
  })
    .then((res) => res.ok)
    .catch(() => false)
    .then((ok) => {
      if (ok) generation++;
      refreshing = null;
      return ok;
    });
  return refreshing;
}

/** The session is over: end it on the server too, then sign in again and come back here. */
function signOut(): Promise<void> {
  signingOut ??= fetch(url('auth/logout'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' })
    .catch(() => undefined)
    // A full load: nothing this page holds belongs to a signed-in user any more.
    .then(() => location.assign(new URL(`/login?redir=${encodeURIComponent(location.pathname + location.search)}&${ENDED_PARAM}=1`, location.origin)));
  return signingOut;
}

/**
 * Calls `/api/{path}`. A 401 refreshes the access token once (shared by parallel calls)
 * and retries; when the refresh fails the user is signed out and sent to log in. Anything
 * but 2xx throws an ApiError.
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const seen = generation;
  let res = await send(path, options, options.retries ?? 0);
  if (res.status === 401 && options.session !== false) {
    if (await refreshSession(seen)) res = await send(path, options, options.retries ?? 0);
    else {
      const error = toError(res, await readBody(res));
      await signOut();
      throw error;
    }
  }
  const body = await readBody(res);
  if (!res.ok) throw toError(res, body);
  return body as T;
}

/** api() for an answer that is a file (the invoice editor's PDF preview): its bytes, with api()'s refresh and errors. */
export async function apiBlob(path: string, options: ApiOptions = {}): Promise<Blob> {
  const seen = generation;
  let res = await send(path, options, options.retries ?? 0);
  if (res.status === 401 && options.session !== false && (await refreshSession(seen))) res = await send(path, options, options.retries ?? 0);
  if (!res.ok) throw toError(res, await readBody(res));
  return res.blob();
}

/**
 * SPEC.md section 8: a server error with a message becomes an error alert (its message
 * as title, the first field error as text); anything else is logged and shown as unknown.
 * `t` reads the `errors` namespace.
 */
export function showError(error: unknown, t: (key: string) => string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof ApiError && error.message) {
    alerts.push({ type: 'error', title: error.message, text: Object.values(error.fields)[0] });
    return;
  }
  console.error(error);
  alerts.push({ type: 'error', text: t('unknown') });
}

/**
 * A confirm dialog's answer (`ConfirmDialog.onConfirm`): runs the change and shows the
 * server's message (true: the dialog closes), or shows the error (false: it stays open).
 */
export async function settled(run: () => Promise<{ message?: string }>, t: (key: string) => string): Promise<boolean> {
  try {
    const { message } = await run();
    if (message) alerts.push({ type: 'success', title: message });
    return true;
  } catch (error) {
    showError(error, t);
    return false;
  }
}

/** For tests: forget the shared refresh state. */
export function resetApiClient(): void {
  generation = 0;
  refreshing = null;
  signingOut = null;
}
