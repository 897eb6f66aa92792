import { SignJWT, jwtVerify } from 'jose';
import { env } from '../env';
import type { AccessClaims } from './claims';

export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
const ISSUER = 'atrio';
const AUDIENCE = 'atrio:access';
const ALGORITHMS = ['HS256'];

let cachedKey: { secret: string; key: Uint8Array } | undefined;

function key(): Uint8Array {
  const secret = env().AUTH_SECRET;
  if (cachedKey?.secret !== secret) cachedKey = { secret, key: new TextEncoder().encode(secret) };
  return cachedKey.key;
}

export async function signAccessToken(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key());
}

/** Verifies signature, expiry, issuer, audience and algorithm; null when any fails. */
export async function verifyAccessToken(token: string | null | undefined): Promise<AccessClaims | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ALGORITHMS, issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return {
      sub: payload.sub,
      sid: payload.sid,
      root: payload.root === true,
      pid: typeof payload.pid === 'string' ? payload.pid : undefined,
      ppid: typeof payload.ppid === 'string' ? payload.ppid : undefined,
      prr: payload.prr === true,
      perms: Array.isArray(payload.perms) ? payload.perms.filter((p): p is string => typeof p === 'string') : [],
    };
  } catch {
    return null;
  }
}
