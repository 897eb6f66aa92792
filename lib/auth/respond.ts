import type { NextRequest, NextResponse } from 'next/server';
import type { Db } from '../db/client';
import { json } from '../http/route';
import { AUTH_COOKIE, authCookieOptions, encodeAuthCookie, hintCookieOptions, secureCookies, type AuthTokens } from './cookie';
import { SESSION_ENDED_COOKIE, SIGNED_IN_COOKIE } from './hint';
import { loadViewer, type Viewer } from './service';
import { SESSION_TTL_MS } from './sessions';
import { verifyAccessToken } from './tokens';

const secure = (req: NextRequest) => secureCookies(req.headers.get('x-forwarded-proto'));

export function setAuthCookie(res: NextResponse, req: NextRequest, tokens: AuthTokens): NextResponse {
  res.cookies.set(AUTH_COOKIE, encodeAuthCookie(tokens), authCookieOptions(secure(req), SESSION_TTL_MS / 1000));
  res.cookies.set(SIGNED_IN_COOKIE, '1', hintCookieOptions(secure(req), SESSION_TTL_MS / 1000));
  if (req.cookies.has(SESSION_ENDED_COOKIE)) res.cookies.set(SESSION_ENDED_COOKIE, '', authCookieOptions(secure(req), 0));
  return res;
}

export function clearAuthCookie(res: NextResponse, req: NextRequest): NextResponse {
  res.cookies.set(AUTH_COOKIE, '', authCookieOptions(secure(req), 0));
  res.cookies.set(SIGNED_IN_COOKIE, '', hintCookieOptions(secure(req), 0));
  if (req.cookies.has(SESSION_ENDED_COOKIE)) res.cookies.set(SESSION_ENDED_COOKIE, '', authCookieOptions(secure(req), 0));
  return res;
}

/** What SPEC.md's session calls answer: the user, the active project and its profile. */
export function sessionView(viewer: Viewer) {
  return { user: viewer.user, project: viewer.project, projectProfile: viewer.profile };
}

/** sessionView for tokens just issued, before any request has carried them. */
export async function sessionBody(db: Db, accessToken: string) {
  const claims = await verifyAccessToken(accessToken);
  const viewer = claims ? await loadViewer(db, claims) : null;
  if (!viewer) throw new Error('a token just issued does not verify');
  return sessionView(viewer);
}

/** Answers a sign-in: the tokens in the body (for API clients) and in the AUTH cookie. */
export async function signedIn(db: Db, req: NextRequest, tokens: AuthTokens, extra: Record<string, unknown> = {}) {
  const res = json({ auth: tokens, ...(await sessionBody(db, tokens.accessToken)), ...extra });
  return setAuthCookie(res, req, tokens);
}
