import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { env } from '../env';

// Credentials are sealed with a key of their own, derived from the server secret: the
// database alone (a dump, a backup) never reveals a project's access token or app secret.
const VERSION = 'v1';
let cached: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = env().AUTH_SECRET;
  if (cached?.secret !== secret) cached = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'atrio', 'whatsapp-credentials', 32)) };
  return cached.key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM. */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain value, or null when it was sealed under another secret or tampered with. */
export function unseal(sealed: string | null): string | null {
  if (!sealed) return null;
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** Equal strings, compared in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so not even the length leaks through timing.
  const ha = createHmac('sha256', 'compare').update(a).digest();
  const hb = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** Meta's X-Hub-Signature-256: `sha256=` and the HMAC of the raw body under the app secret. */
export function validSignature(raw: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice(7), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The header a delivery signed with `appSecret` carries (tests and the e2e use it). */
export function signatureOf(raw: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`;
}
