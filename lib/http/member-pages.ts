import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerCache } from '../auth/callers';
import { AUTH_COOKIE } from '../auth/cookie';
import { FEED_FAMILIES } from '../db/changes';
import { dbHandle } from '../db/client';
import { trackReads } from '../db/read-deps';
import { matchPath } from '../routes/match';
import { readCookie } from './cookies';
import { answerKept, keptResponse, type KeptResponse } from './page-cache';

// A signed-in page is the same HTML for the same request (address, cookies, language) as
// long as nothing it read has changed. Its render reads through the callers' cache, which
// records each value's tags (lib/db/read-deps.ts); a render that made no query of its own
// is kept on the cache's `pages` shelf under those tags, and the database's announcements
// drop it with them, on every instance, under the cache's guarantees (the sync point, the
// fence, the age limit counted from its oldest input). A reload, a second tab or a return
// to a page is then answered without rendering it again.

const ROUTER_HEADERS = /^(rsc|next-|x-nextjs-)/;

/** The key of a signed-in page request that may be answered from memory; null when it must reach Next. */
export function memberPageKey(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, bot: boolean): string | null {
  const { method, url = '/', headers } = req;
  if (method !== 'GET' && method !== 'HEAD') return null;
  // Router data requests and server actions answer with other payloads.
  if (Object.keys(headers).some((name) => ROUTER_HEADERS.test(name))) return null;
  const route = matchPath(url.split('?')[0])?.route;
  if (route?.guard !== 'auth' || route.layout !== 'vertical') return null;
  const cookie = headers.cookie;
  if (!cookie || !readCookie(cookie, AUTH_COOKIE)) return null;
  return `page|${url}\n${cookie}\n${headers['accept-language'] ?? ''}\n${bot ? 'bot' : ''}`;
}

const shelf = () => callerCache(dbHandle(), 'pages');

/** A hard reload (the browser's Shift+reload sends these) asks for a fresh render. */
const wantsFresh = (req: IncomingMessage) => /no-cache/i.test(`${req.headers['cache-control'] ?? ''} ${req.headers.pragma ?? ''}`);

/** Answers from memory; false when nothing fresh is kept under `key` (or the browser asked for a render). */
export async function serveMemberPage(key: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (wantsFresh(req)) return false;
  const kept = await shelf().peek<KeptResponse>(key, FEED_FAMILIES);
  if (!kept || res.headersSent) return false;
  answerKept(kept, req, res);
  return true;
}

/**
 * Starts recording the current request's reads; the returned function, given the finished
 * HTML, keeps it when the render read nothing but cached values and nothing changed since.
 */
export function recordMemberPage(key: string): (res: ServerResponse, body: Buffer) => void {
  const cache = shelf();
  const since = cache.mark();
  const deps = trackReads();
  return (res, body) => {
    if (!deps || deps.spoiled || res.req?.method !== 'GET' || res.statusCode !== 200 || res.hasHeader('set-cookie')) return;
    cache.keep(key, keptResponse(res, body), [...deps.tags], Math.ceil(body.length / 1024), since, FEED_FAMILIES, deps.oldest);
  };
}
