import { cookies } from 'next/headers';
import { getDb } from '../db/client';
import { AUTH_COOKIE, decodeAuthCookie } from './cookie';
import { loadViewer, type Viewer } from './service';
import { verifyAccessToken } from './tokens';
import type { AccessClaims } from './claims';

/** The verified claims of the request's AUTH cookie (server components and handlers). */
export async function currentClaims(): Promise<AccessClaims | null> {
  const jar = await cookies();
  return verifyAccessToken(decodeAuthCookie(jar.get(AUTH_COOKIE)?.value)?.accessToken);
}

export async function currentViewer(): Promise<Viewer | null> {
  const claims = await currentClaims();
  return claims ? loadViewer(getDb(), claims) : null;
}
