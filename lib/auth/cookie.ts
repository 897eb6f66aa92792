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
