import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeResponse, type Encoding } from './compress';
import { readCookie } from './cookies';
import { LOCALE_COOKIE, preferredLocale } from '../i18n/negotiate';
import { matchPath, normalizePath } from '../routes/match';
import { setBounded } from '../ops/bounded';

// Public pages are the same for every visitor of a language. Next already keeps them
// rendered, but each request still walks its router and proxy; this keeps the finished
// response (body, headers, CSP) in memory and answers from it. Content changes call
// `invalidatePages()`; the TTL bounds staleness across several server instances.
const TTL_MS = 60_000;
const MAX_ENTRIES = 2000;
const PER_REQUEST = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', 'x-nextjs-cache']);
// Set again for each answer, from the encoding its request accepts.
const PER_ENCODING = new Set(['content-encoding', 'content-length']);

/** A finished response, answered again from memory (here, and by lib/http/member-pages.ts). */
export type KeptResponse = {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  /** The body compressed once per encoding, on the first request that asks for it. */
  encoded: Partial<Record<Encoding, Buffer>>;
};
type Entry = KeptResponse & { etag?: string; expires: number };
const g = globalThis as unknown as { __atrioPages?: Map<string, Entry> };
const pages: Map<string, Entry> = (g.__atrioPages ??= new Map());

/**
 * A page whose path names no language (`/`, `/login`) is in the stored choice's language,
 * else the browser's: caches downstream must key on both.
 */
export function varyPage(req: Pick<IncomingMessage, 'url'>, res: ServerResponse): void {
  if (matchPath((req.url ?? '').split('?')[0])?.locale !== null) return;
  res.setHeader('Vary', PAGE_VARY);
  // Next sets its own router Vary with setHeader, which would drop ours: keep both.
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, name.toLowerCase() === 'vary' ? withPageVary(value) : value);
}

const PAGE_VARY = 'Cookie, Accept-Language';

function withPageVary(value: number | string | readonly string[]): string {
  const given = (Array.isArray(value) ? value.join(', ') : String(value))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const names = PAGE_VARY.split(', ');
  return [...names, ...given.filter((v) => !names.some((n) => n.toLowerCase() === v.toLowerCase()))].join(', ');
}

/** The cache key of a request for a public page, or null when it must reach Next. */
export function pageKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, bot: boolean): string | null {
  const { method, url = '', headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return null;
  // Queries, router data requests and server actions are Next's business.
  if (url.includes('?') || headers.rsc || headers['next-router-prefetch'] || headers['next-router-state-tree'] || headers['next-action']) return null;
  if (normalizePath(url) !== url) return null;
  const match = matchPath(url);
  if (!match || match.route.guard !== 'public') return null;
  const locale = match.locale ?? preferredLocale(readCookie(headers.cookie, LOCALE_COOKIE), headers['accept-language'] ?? null);
  return `${locale}${bot ? ' bot' : ''} ${url}`;
}

/** Answers from the cache; false when there is nothing fresh to answer with. */
export function servePage(key: string, req: IncomingMessage, res: ServerResponse): boolean {
  const entry = pages.get(key);
  if (!entry) return false;
  if (entry.expires < Date.now()) {
    pages.delete(key);
    return false;
  }
  if (entry.etag && req.headers['if-none-match'] === entry.etag) {
    res.statusCode = 304;
    res.setHeader('ETag', entry.etag);
    res.end();
    return true;
  }
  answerKept(entry, req, res);
  return true;
}

/** Sends a kept response again, in the encoding this request accepts. */
export function answerKept(entry: KeptResponse, req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = entry.status;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('X-Page-Cache', 'HIT');
  res.setHeader('Content-Length', entry.body.length);
  const body = encodeResponse(req, res, entry.body, entry.encoded);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** What of a finished response can be sent again: all but its per-request and per-encoding headers. */
export function keptResponse(res: ServerResponse, body: Buffer): KeptResponse {
  const headers = Object.entries(res.getHeaders())
    .filter(([name, value]) => value !== undefined && !PER_REQUEST.has(name) && !PER_ENCODING.has(name))
    .map(([name, value]) => [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]]);
  return { status: res.statusCode, headers, body, encoded: {} };
}

/** Keeps a finished response when Next marked it as shared and cacheable. */
export function storePage(key: string, res: ServerResponse, body: Buffer): void {
  // A HEAD answer has the GET's headers but no body to keep.
  if (res.req?.method === 'HEAD') return;
  const cacheControl = String(res.getHeader('cache-control') ?? '');
  if (res.statusCode !== 200 || !/s-maxage=/.test(cacheControl) || /private|no-store/.test(cacheControl) || res.hasHeader('set-cookie')) return;
  setBounded(pages, MAX_ENTRIES, key, {
    ...keptResponse(res, body),
    etag: res.getHeader('etag') as string | undefined,
    expires: Date.now() + TTL_MS,
  });
}

/** Drops every kept page (public content changed). */
export function invalidatePages(): void {
  pages.clear();
}
