import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '../db/client';
import { readCookie } from '../http/cookies';
import { logger } from '../log/logger';
import { matchPath } from '../routes/match';
import { AUTH_COOKIE, decodeAuthCookie, encodeAuthCookie, secureCookies, serializeAuthCookie, serializeEndedCookie, serializeHintCookie } from './cookie';
import { SESSION_ENDED_HEADER } from './hint';
import { SESSION_TTL_MS, freshAccessToken, refreshSession } from './sessions';
import { verifyAccessToken } from './tokens';
import { errorText } from '../log/error-text';

// Pages are guarded by proxy.ts from the access token alone (no database there). When
// that token has expired, the server renews it here, before the proxy runs, so a
// signed-in user opening a protected page after ten idle minutes just gets the page.
// When the token is valid but says something the database no longer does (a profile
// gained or lost a permission, a membership or project changed), a new access token is
// minted the same way, so the guard judges the page by today's grants, not the token's.

function replaceCookie(header: string | undefined, name: string, value: string | null): string {
  const others = (header ?? '').split(/;\s*/).filter((part) => part && !part.startsWith(`${name}=`));
  return [...others, ...(value === null ? [] : [`${name}=${value}`])].join('; ');
}

/** Adds the Set-Cookie lines without losing ones Next sets later on the same response. */
function appendSetCookies(res: ServerResponse, cookies: string[]): void {
  const ours = new Set(cookies.map((c) => c.slice(0, c.indexOf('=') + 1)));
  res.setHeader('Set-Cookie', cookies);
  const set = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== 'set-cookie') return set(name, value);
    const next = Array.isArray(value) ? value : [String(value)];
    return set(name, [...cookies, ...next.filter((c) => ![...ours].some((prefix) => c.startsWith(prefix)))]);
  }) as typeof res.setHeader;
}

/** The request continues with `value` as its AUTH cookie (null: none), and the browser keeps the same. */
function carryCookie(req: IncomingMessage, res: ServerResponse, value: string | null, secure: boolean, extra: string[] = []): void {
  req.headers.cookie = replaceCookie(req.headers.cookie, AUTH_COOKIE, value);
  const age = value === null ? 0 : SESSION_TTL_MS / 1000;
  appendSetCookies(res, [serializeAuthCookie(value ?? '', age, secure), serializeHintCookie(value !== null, age, secure), ...extra]);
}

/**
 * The token is unexpired but its session is over. This request goes on as signed out (the
 * guard sends it to log in, saying why), but the browser's cookie is left alone: this may be
 * a prefetch racing a response that just set a new session's cookie, which must not be
 * cleared. Every later page request finds out the same way, until a sign-in replaces it.
 */
function endedBehindValidToken(req: IncomingMessage): void {
  req.headers.cookie = replaceCookie(req.headers.cookie, AUTH_COOKIE, null);
  req.headers[SESSION_ENDED_HEADER] = '1';
}

/** Renews an expired access token for a page request; the request then carries the new one. */
export async function refreshForNavigation(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Only this function may say so.
  delete req.headers[SESSION_ENDED_HEADER];
  if (req.method !== 'GET' && req.method !== 'HEAD') return;
  const path = (req.url ?? '/').split('?')[0];
  if (/^\/(api|_next|static|ws)\//.test(path)) return;
  const match = matchPath(path);
  if (!match || match.route.guard === 'public') return;
  const raw = readCookie(req.headers.cookie, AUTH_COOKIE);
  const tokens = decodeAuthCookie(raw);
  if (!tokens?.refreshToken) return;
  const secure = secureCookies(String(req.headers['x-forwarded-proto'] ?? ''));
  const claims = await verifyAccessToken(tokens.accessToken);
  if (claims) {
    try {
      const fresh = await freshAccessToken(getDb(), claims);
      if (fresh.ended) endedBehindValidToken(req);
      // The sign-in pages only need to know the session is live (the guard sends it on).
      else if (match.route.guard === 'noAuth') return;
      else if (fresh.accessToken) carryCookie(req, res, encodeAuthCookie({ accessToken: fresh.accessToken, refreshToken: tokens.refreshToken }), secure);
    } catch (error) {
      logger.error({ err: errorText(error) }, 'navigation claims check failed');
    }
    return;
  }

  try {
    const renewed = await refreshSession(getDb(), tokens.refreshToken, {
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
      ip: String(req.headers['x-real-ip'] ?? req.socket.remoteAddress ?? ''),
    });
    if (renewed) carryCookie(req, res, encodeAuthCookie(renewed), secure);
    else {
      // Nothing here can be renewed again: the cookie goes, and a note says why for a while.
      carryCookie(req, res, null, secure, [serializeEndedCookie(true, secure)]);
      req.headers[SESSION_ENDED_HEADER] = '1';
    }
  } catch (error) {
    logger.error({ err: errorText(error) }, 'navigation refresh failed');
  }
}
