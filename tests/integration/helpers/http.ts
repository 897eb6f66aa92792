import { NextRequest } from 'next/server';
import { AUTH_COOKIE, decodeAuthCookie, type AuthTokens } from '@/lib/auth/cookie';

type Handler = (req: NextRequest, ctx?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type Options = {
  method?: string;
  json?: unknown;
  /** Sent as multipart/form-data, as a browser would (see multipart()). */
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  ip?: string;
  params?: Record<string, string | string[]>;
};

/**
 * A browser-like caller of route handlers: it keeps the AUTH cookie the server sets and
 * sends it back, as a browser would.
 */
export class Client {
  cookie: string | null = null;
  constructor(readonly ip = '203.0.113.7') {}

  get tokens(): AuthTokens | null {
    return decodeAuthCookie(this.cookie);
  }

  async call(handler: Handler, path: string, options: Options = {}) {
    const headers: Record<string, string> = { host: 'localhost:3000', 'x-real-ip': options.ip ?? this.ip, ...options.headers };
    if (this.cookie) headers.cookie = `${AUTH_COOKIE}=${this.cookie}${headers.cookie ? `; ${headers.cookie}` : ''}`;
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    if (options.form) {
      // Encoded by the platform, boundary and all, exactly as fetch would send it.
      const encoded = new Request('http://x', { method: 'POST', body: options.form });
      body = await encoded.arrayBuffer();
      headers['content-type'] ??= encoded.headers.get('content-type')!;
    }
    const req = new NextRequest(`http://localhost:3000${path}`, { method: options.method ?? 'POST', headers, body });
    const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${AUTH_COOKIE}=`));
    if (set) {
      const value = set.slice(AUTH_COOKIE.length + 1).split(';')[0];
      this.cookie = value && !/Max-Age=0/i.test(set) ? value : null;
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? parsed(text) : null, setCookie: set };
  }
}

/** JSON as JSON; anything else (CSV, a PDF, an image) as its text. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers read the JSON they expect, as with JSON.parse
function parsed(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A file part: its bytes, its declared type (default application/octet-stream) and name (default the part's). */
export type FilePart = { bytes: Uint8Array; type?: string; name?: string };

/**
 * A multipart body as the app's forms send it: the `json` part, then each named part in
 * order, a file or (to test refusals) plain text.
 */
export function multipart(json: unknown, parts: [string, FilePart | string][] = []): FormData {
  const form = new FormData();
  form.set('json', JSON.stringify(json));
  for (const [name, part] of parts) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([part.bytes as BlobPart], { type: part.type ?? 'application/octet-stream' }), part.name ?? name);
  }
  return form;
}
