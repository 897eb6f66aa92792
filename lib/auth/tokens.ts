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

type Verified = { claims: AccessClaims; exp: number };

// A signed-in page checks its token twice (the server's refresh guard and the page) and every
// call once: each check is an HMAC over the token. A token that verified once verifies again
// until it expires, so what it said is kept until then, shared by both copies of this module
// that Next loads. Only verified tokens are kept (forging one needs the secret), at most MAX.
const MAX_VERIFIED = 5_000;
const verifiedStore = globalThis as unknown as { __atrioVerified?: { secret: string; tokens: Map<string, Verified> } };

function verifiedTokens(): Map<string, Verified> {
  const secret = env().AUTH_SECRET;
  if (verifiedStore.__atrioVerified?.secret !== secret) verifiedStore.__atrioVerified = { secret, tokens: new Map() };
  return verifiedStore.__atrioVerified.tokens;
}

/** Verifies signature, expiry, issuer, audience and algorithm; null when any fails. */
export async function verifyAccessToken(token: string | null | undefined): Promise<AccessClaims | null> {
  if (!token) return null;
  const tokens = verifiedTokens();
  const known = tokens.get(token);
  // As jose has it: expired once the clock reaches `exp`.
  if (known && known.exp > Date.now() / 1000) return known.claims;
  if (known) tokens.delete(token);
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
    if (typeof payload.exp === 'number') {
      // Oldest first: a Map iterates in insertion order.
      if (tokens.size >= MAX_VERIFIED) tokens.delete(tokens.keys().next().value!);
      tokens.set(token, { claims, exp: payload.exp });
    }
    return claims;
  } catch {
    return null;
  }
}
