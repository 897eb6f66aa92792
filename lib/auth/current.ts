import { cookies } from 'next/headers';
import { cache } from 'react';
import type { NextRequest } from 'next/server';
import { getDb, type Db } from '../db/client';
import type { AccessClaims } from './claims';
import { AUTH_COOKIE, decodeAuthCookie, type AuthTokens } from './cookie';
import { loadViewer, type Viewer } from './service';
import { verifyAccessToken } from './tokens';

/** The verified claims of an AUTH cookie value; null when absent, forged or expired. */
export function claimsFromCookie(value: string | undefined): Promise<AccessClaims | null> {
  return verifyAccessToken(decodeAuthCookie(value)?.accessToken);
}

/** For server components: the claims of the current request's cookie. */
export async function currentClaims(): Promise<AccessClaims | null> {
  return claimsFromCookie((await cookies()).get(AUTH_COOKIE)?.value);
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

export function requestViewer(req: NextRequest): Promise<Viewer | null> {
  return viewerOf(getDb(), req);
}
