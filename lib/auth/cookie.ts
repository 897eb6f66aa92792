import { env } from '../env';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_SECONDS, SIGNED_IN_COOKIE } from './hint';

// The AUTH cookie holds both tokens, as SPEC.md section 3 says. It is HttpOnly,
// so only the server reads it.
export const AUTH_COOKIE = 'AUTH';

export type AuthTokens = { accessToken: string; refreshToken: string };

export function encodeAuthCookie(tokens: AuthTokens): string {
  return Buffer.from(JSON.stringify(tokens)).toString('base64url');
}

export function decodeAuthCookie(value: string | null | undefined): AuthTokens | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as AuthTokens).accessToken === 'string' &&
      typeof (parsed as AuthTokens).refreshToken === 'string'
    )
      return parsed as AuthTokens;
  } catch {
    // A tampered cookie is the same as no cookie.
  }
  return null;
}

export function authCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { httpOnly: true, sameSite: 'lax' as const, secure, path: '/', maxAge: maxAgeSeconds };
}

/** The readable hint that goes with the AUTH cookie (lib/auth/hint.ts): same life, not HttpOnly. */
export function hintCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { ...authCookieOptions(secure, maxAgeSeconds), httpOnly: false };
}

/** Secure when the site is served over https, or the proxy in front says this request was. */
export function secureCookies(forwardedProto: string | null | undefined): boolean {
  return env().PUBLIC_URL.startsWith('https://') || forwardedProto === 'https';
}

/** The Set-Cookie line for code that writes raw Node responses (the custom server). */
export function serializeAuthCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const o = authCookieOptions(secure, maxAgeSeconds);
  return `${AUTH_COOKIE}=${value}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; SameSite=Lax${o.secure ? '; Secure' : ''}`;
}

/** The hint's Set-Cookie line, written and cleared with serializeAuthCookie's. */
export function serializeHintCookie(signedIn: boolean, maxAgeSeconds: number, secure: boolean): string {
  return `${SIGNED_IN_COOKIE}=${signedIn ? '1' : ''}; Path=/; Max-Age=${signedIn ? maxAgeSeconds : 0}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The short-lived note that a session ended (lib/auth/hint.ts); cleared by any sign-in or logout. */
export function serializeEndedCookie(ended: boolean, secure: boolean): string {
  return `${SESSION_ENDED_COOKIE}=${ended ? '1' : ''}; Path=/; Max-Age=${ended ? SESSION_ENDED_SECONDS : 0}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
