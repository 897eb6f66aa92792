import { SignJWT, jwtVerify } from 'jose';
import { env } from '../env';
import { setBounded } from '../ops/bounded';
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

// A verified token's claims, by the token itself. A client sends the same token on every call
// of its ten minutes, and the signature check (an async WebCrypto job, answered a turn of the
// event loop later) is most of what a cached caller still costs. The key is the whole token,
// signature included, so only a token that passed is ever found; expiry is checked on each hit.
const VERIFIED_MAX = 5_000;
const verified = new Map<string, { claims: AccessClaims; exp: number; secret: string }>();

/** Verifies signature, expiry, issuer, audience and algorithm; null when any fails. */
export async function verifyAccessToken(token: string | null | undefined): Promise<AccessClaims | null> {
  if (!token) return null;
  const secret = env().AUTH_SECRET;
  const known = verified.get(token);
  if (known && known.secret === secret && Date.now() < known.exp * 1000) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ALGORITHMS, issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims: AccessClaims = Object.freeze({
      sub: payload.sub,
      sid: payload.sid,
      root: payload.root === true,
      pid: typeof payload.pid === 'string' ? payload.pid : undefined,
      ppid: typeof payload.ppid === 'string' ? payload.ppid : undefined,
      prr: payload.prr === true,
      perms: Object.freeze(Array.isArray(payload.perms) ? payload.perms.filter((p): p is string => typeof p === 'string') : []) as string[],
    });
    if (typeof payload.exp === 'number') setBounded(verified, VERIFIED_MAX, token, { claims, exp: payload.exp, secret });
    return claims;
  } catch {
    return null;
  }
}
