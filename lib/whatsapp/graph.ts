import { logger } from '../log/logger';
import type { Credentials } from './accounts';
import { WHATSAPP_MEDIA_MAX_BYTES } from './limits';
import type { WhatsappTemplate } from './types';
import { errorText } from '../log/error-text';

// The Cloud API over HTTP. The base URL is configurable so tests (and a staging setup) can
// point it at a fake; the default is Meta's current Graph version.
export const graphBase = () => (process.env.WHATSAPP_GRAPH_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, '');

const TIMEOUT_MS = 10_000;
const ATTEMPTS = 4;
const retry = { baseMs: 500 };
/** Tests shorten the backoff; production waits 0.5 s, 1 s, 2 s between attempts. */
export function setRetryBase(ms: number): void {
  retry.baseMs = ms;
}

/** A refusal from the Graph API (or no answer at all): its code and Meta's explanation. */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly detail: string,
  ) {
    super(detail);
  }
}

type GraphErrorBody = { error?: { code?: number; message?: string; error_data?: { details?: string } } };

async function refusal(res: Response): Promise<GraphError> {
  const body = (await res.json().catch(() => ({}))) as GraphErrorBody;
  const e = body.error ?? {};
  return new GraphError(res.status, typeof e.code === 'number' ? e.code : null, e.error_data?.details ?? e.message ?? `HTTP ${res.status}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One Graph call with the token. Server errors (5xx) and network failures are retried with
 * exponential backoff; a 4xx is the request's fault and is final at once.
 */
async function call(credentials: Credentials, path: string, init: { method?: string; json?: unknown } = {}): Promise<unknown> {
  if (!credentials.accessToken) throw new GraphError(0, null, 'no access token');
  let last: GraphError = new GraphError(0, null, 'not sent');
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(retry.baseMs * 2 ** (attempt - 1));
    try {
      const res = await fetch(`${graphBase()}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${credentials.accessToken}`, ...(init.json ? { 'content-type': 'application/json' } : {}) },
        body: init.json ? JSON.stringify(init.json) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.ok) return await res.json();
      last = await refusal(res);
      if (res.status < 500) throw last;
    } catch (error) {
      if (error instanceof GraphError && error.status > 0 && error.status < 500) throw error;
      if (!(error instanceof GraphError)) last = new GraphError(0, null, errorText(error));
    }
    logger.warn({ path, attempt, status: last.status }, 'whatsapp graph call failed');
  }
  throw last;
}

/** Sends a message payload; answers Meta's message id. */
export async function sendPayload(credentials: Credentials, payload: Record<string, unknown>): Promise<string> {
  const body = (await call(credentials, `/${credentials.phoneNumberId}/messages`, { method: 'POST', json: { messaging_product: 'whatsapp', ...payload } })) as {
    messages?: { id?: string }[];
  };
  const id = body.messages?.[0]?.id;
  if (!id) throw new GraphError(0, null, 'no message id in the answer');
  return id;
}

type RawTemplate = { name?: string; language?: string; status?: string; category?: string; components?: { type?: string; text?: string }[] };

/** The account's approved templates (the first page of 100 is plenty for a picker). */
export async function listTemplates(credentials: Credentials): Promise<WhatsappTemplate[]> {
  const body = (await call(credentials, `/${credentials.wabaId}/message_templates?status=APPROVED&limit=100`)) as { data?: RawTemplate[] };
  return (body.data ?? [])
    .filter((t) => t.status === 'APPROVED' && t.name && t.language)
    .map((t) => ({
      name: t.name!,
      language: t.language!,
      category: t.category ?? '',
      body: t.components?.find((c) => c.type === 'BODY')?.text ?? '',
    }));
}

/** A media object's bytes: its URL first, then the file, both with the token; at most the size limit. */
export async function downloadMedia(credentials: Credentials, mediaId: string): Promise<{ bytes: Uint8Array; type: string }> {
  const meta = (await call(credentials, `/${encodeURIComponent(mediaId)}`)) as { url?: string; mime_type?: string; file_size?: number };
  if (!meta.url) throw new GraphError(0, null, 'no media url');
  if ((meta.file_size ?? 0) > WHATSAPP_MEDIA_MAX_BYTES) throw new GraphError(413, null, 'media too large');
  const res = await fetch(meta.url, { headers: { authorization: `Bearer ${credentials.accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS * 3) });
  if (!res.ok) throw await refusal(res);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.byteLength > WHATSAPP_MEDIA_MAX_BYTES) throw new GraphError(413, null, 'media too large');
  return { bytes, type: meta.mime_type ?? res.headers.get('content-type') ?? 'application/octet-stream' };
}
