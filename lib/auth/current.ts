import { cookies } from 'next/headers';
import { cache } from 'react';
import type { NextRequest } from 'next/server';
import { getDb, type Db } from '../db/client';
import type { AccessClaims } from './claims';
import { AUTH_COOKIE, decodeAuthCookie, type AuthTokens } from './cookie';
import { loadViewer, type Viewer } from './service';
import { verifyAccessToken } from './tokens';

/** For server components: the verified claims of the request's cookie; null when absent, forged or expired. */
export async function currentClaims(): Promise<AccessClaims | null> {
  return verifyAccessToken(decodeAuthCookie((await cookies()).get(AUTH_COOKIE)?.value)?.accessToken);
}

/**
 * For server components: the signed-in user as the database sees them now. Cached per
 * request, so a layout and its page share one read.
 */
export const currentViewer = cache(async (): Promise<Viewer | null> => {
  const claims = await currentClaims();
  return claims ? loadViewer(getDb(), claims) : null;
});

/** The tokens a request carries: `Authorization: Bearer` (API clients) or the AUTH cookie. */
export function requestTokens(req: NextRequest): Partial<AuthTokens> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  const cookie = decodeAuthCookie(req.cookies.get(AUTH_COOKIE)?.value);
  return bearer ? { accessToken: bearer } : (cookie ?? {});
}

/** For route handlers: the live viewer behind the request's access token. */
export async function viewerOf(db: Db, req: NextRequest): Promise<Viewer | null> {
  const claims = await verifyAccessToken(requestTokens(req).accessToken);
  return claims ? loadViewer(db, claims) : null;
}
