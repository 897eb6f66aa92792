import type { IncomingMessage, ServerResponse } from 'node:http';
import { getDb } from '../db/client';
import { readCookie } from '../http/cookies';
import { logger } from '../log/logger';
import { matchPath } from '../routes/match';
import { AUTH_COOKIE, decodeAuthCookie, encodeAuthCookie, secureCookies, serializeAuthCookie } from './cookie';
import { SESSION_TTL_MS, freshAccessToken, refreshSession } from './sessions';
import { verifyAccessToken } from './tokens';

// Pages are guarded by proxy.ts from the access token alone (no database there). When
// that token has expired, the server renews it here, before the proxy runs, so a
// signed-in user opening a protected page after ten idle minutes just gets the page.
// When the token is valid but says something the database no longer does (a profile
// gained or lost a permission, a membership or project changed), a new access token is
// minted the same way, so the guard judges the page by today's grants, not the token's.

function replaceCookie(header: string | undefined, name: string, value: string | null): string {
  const others = (header ?? '')
    .split(/;\s*/)
    .filter((part) => part && !part.startsWith(`${name}=`));
  return [...others, ...(value === null ? [] : [`${name}=${value}`])].join('; ');
}

/** Adds a Set-Cookie without losing ones Next sets later on the same response. */
function appendSetCookie(res: ServerResponse, cookie: string): void {
  res.setHeader('Set-Cookie', cookie);
  const set = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) => {
    if (name.toLowerCase() !== 'set-cookie') return set(name, value);
    const next = Array.isArray(value) ? value : [String(value)];
    return set(name, [cookie, ...next.filter((c) => !c.startsWith(`${AUTH_COOKIE}=`))]);
  }) as typeof res.setHeader;
}

/** Renews an expired access token for a page request; the request then carries the new one. */
export async function refreshForNavigation(req: IncomingMessage, res: ServerResponse): Promise<void> {
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
    if (match.route.guard === 'noAuth') return;
    try {
      const accessToken = await freshAccessToken(getDb(), claims);
      if (!accessToken) return;
      const value = encodeAuthCookie({ accessToken, refreshToken: tokens.refreshToken });
      req.headers.cookie = replaceCookie(req.headers.cookie, AUTH_COOKIE, value);
      appendSetCookie(res, serializeAuthCookie(value, SESSION_TTL_MS / 1000, secure));
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, 'navigation claims check failed');
    }
    return;
  }

  try {
    const renewed = await refreshSession(getDb(), tokens.refreshToken, {
      userAgent: String(req.headers['user-agent'] ?? '').slice(0, 400),
      ip: String(req.headers['x-real-ip'] ?? req.socket.remoteAddress ?? ''),
    });
    if (renewed) {
      const value = encodeAuthCookie(renewed);
      req.headers.cookie = replaceCookie(req.headers.cookie, AUTH_COOKIE, value);
      appendSetCookie(res, serializeAuthCookie(value, SESSION_TTL_MS / 1000, secure));
    } else {
      // The session is over: the guard then treats the visitor as signed out.
      req.headers.cookie = replaceCookie(req.headers.cookie, AUTH_COOKIE, null);
      appendSetCookie(res, serializeAuthCookie('', 0, secure));
    }
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, 'navigation refresh failed');
  }
}
