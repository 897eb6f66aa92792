import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerCache } from '../auth/callers';
import { AUTH_COOKIE } from '../auth/cookie';
import { FEED_FAMILIES } from '../db/changes';
import { dbHandle } from '../db/client';
import { trackReads } from '../db/read-deps';
import { matchPath } from '../routes/match';
import { toBuffer } from './compress';
import { readCookie } from './cookies';
import { answerKept, keptResponse, type KeptResponse } from './page-cache';

// A signed-in page is the same response for the same request (address, cookies, language,
// and for a click, the router's headers) as long as nothing it read has changed. Its render
// reads through the callers' cache, which records each value's tags (lib/db/read-deps.ts);
// a render that made no query of its own is kept on the cache's `pages` shelf under those
// tags, and the database's announcements drop it with them, on every instance, under the
// cache's guarantees (the sync point, the fence, the age limit counted from its oldest
// input). A click to the page, a reload or a second tab is then answered without rendering
// it again.

// What makes a request one of Next's router's (a click, a prefetch): part of the key, since
// they decide what the answer holds (the segments the client lacks). Server actions and
// anything else Next reads from its own headers go to Next.
const ROUTER_HEADERS = new Set(['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'x-deployment-id']);
const NEXT_HEADERS = /^(rsc|next-|x-nextjs-|x-deployment-id$)/;
const KEPT_TYPES = /^(text\/html|text\/x-component)/;

/** The key of a signed-in page request that may be answered from memory; null when it must reach Next. */
export function memberPageKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, bot: boolean): string | null {
  const { method, url = '/', headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return null;
  const names = Object.keys(headers).filter((name) => NEXT_HEADERS.test(name));
  if (names.some((name) => !ROUTER_HEADERS.has(name))) return null;
  const route = matchPath(url.split('?')[0])?.route;
  if (route?.guard !== 'auth' || route.layout !== 'vertical') return null;
  const cookie = headers.cookie;
  if (!cookie || !readCookie(cookie, AUTH_COOKIE)) return null;
  const router = names.sort().map((name) => `${name}: ${String(headers[name])}`);
  return ['page', url, cookie, headers['accept-language'] ?? '', bot ? 'bot' : '', ...router].join('\n');
}

const shelf = () => callerCache(dbHandle(), 'pages');

/** A hard reload (the browser's Shift+reload sends these) asks for a fresh render. */
const wantsFresh = (req: IncomingMessage) => /no-cache/i.test(`${req.headers['cache-control'] ?? ''} ${req.headers.pragma ?? ''}`);

/** Answers from memory; false when nothing fresh is kept under `key` (or the browser asked for a render). */
export async function serveMemberPage(key: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (wantsFresh(req)) return false;
  const kept = await shelf().peek<KeptResponse>(key, FEED_FAMILIES);
  if (!kept) return false;
  answerKept(kept, req, res);
  return true;
}

/**
 * Starts recording the current request's reads, and the bytes its answer sends; once sent,
 * the answer is kept when the render read nothing but cached values and nothing changed
 * since. Installed over the CSP and compression layers, so it sees the page as rendered and
 * the headers those layers set.
 */
export function recordMemberPage(key: string, res: ServerResponse): void {
  if (res.req?.method !== 'GET') return;
  const cache = shelf();
  const since = cache.mark();
  const deps = trackReads();
  if (!deps) return;
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const take = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array)
      chunks.push(toBuffer(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined));
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    take(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== 'function') take(chunk, rest[0]);
    const result = end(chunk, ...rest);
    const type = String(res.getHeader('content-type') ?? '');
    if (!deps.spoiled && res.statusCode === 200 && KEPT_TYPES.test(type) && !res.hasHeader('set-cookie')) {
      const body = Buffer.concat(chunks);
      cache.keep(key, keptResponse(res, body), [...deps.tags], Math.ceil(body.length / 1024), since, FEED_FAMILIES, deps.oldest);
    }
    return result;
  }) as ServerResponse['end'];
}
