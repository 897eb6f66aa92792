import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../env';
import { PATTERNS } from '../validation/patterns';

// A refresh token is `<session id>.<128 random bits><128-bit tag>`. Naming the session lets
// the server find the family a presented token belongs to, so the reuse of a rotated token
// can revoke that whole session rather than just failing. The tag (an HMAC of the session
// and the random part under the server's secret) tells a token this server once issued for
// that session, however many rotations ago, from one made up around a known session id:
// only the former may end the session.

const RANDOM_BYTES = 16;

function tag(sessionHead: string, random: Buffer): Buffer {
  return createHmac('sha256', env().AUTH_SECRET).update(`atrio:refresh:${sessionHead}.`).update(random).digest().subarray(0, 16);
}

export function newRefreshToken(sessionId: string): string {
  const head = Buffer.from(sessionId.replace(/-/g, ''), 'hex').toString('base64url');
  const random = randomBytes(RANDOM_BYTES);
  return `${head}.${Buffer.concat([random, tag(head, random)]).toString('base64url')}`;
}

/** Whether this server issued the token (for the session it names), now or before any number of rotations. */
export function issuedHere(token: string): boolean {
  if (!sessionIdOf(token)) return false;
  const [head, secret] = token.split('.');
  const bytes = Buffer.from(secret, 'base64url');
  return timingSafeEqual(bytes.subarray(RANDOM_BYTES), tag(head, bytes.subarray(0, RANDOM_BYTES)));
}

/** The session a token claims to belong to, or null when it is not one of ours. */
export function sessionIdOf(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [head, secret, extra] = token.split('.');
  if (extra !== undefined || !head || !secret || !/^[\w-]{43}$/.test(secret)) return null;
  const hex = Buffer.from(head, 'base64url').toString('hex');
  if (hex.length !== 32) return null;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return isUuid(id) ? id : null;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function sameHash(a: string | null | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

// The current token, sealed with a key only the holder of the previous token can derive:
// a second tab refreshing with the previous token inside the grace window gets the
// same current token instead of forking the family.
function sealKey(previousToken: string): Buffer {
  return createHash('sha256').update(`atrio:refresh-seal:${previousToken}`).digest();
}

export function seal(current: string, previousToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(previousToken), iv);
  const body = Buffer.concat([cipher.update(current, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

export function unseal(sealed: string | null | undefined, previousToken: string): string | null {
  if (!sealed) return null;
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', sealKey(previousToken), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

export function isUuid(value: string | null | undefined): value is string {
  return !!value && PATTERNS.uuid.test(value);
}
