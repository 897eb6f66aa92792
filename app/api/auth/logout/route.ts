import { NextResponse } from 'next/server';
import { AUTH_COOKIE, authCookieOptions } from '@/lib/auth/cookie';
import { env } from '@/lib/env';
import { route } from '@/lib/http/route';

export const POST = route(async () => {
  const res = NextResponse.json({ message: 'ok' });
  res.cookies.set(AUTH_COOKIE, '', authCookieOptions(env().PUBLIC_URL.startsWith('https://'), 0));
  return res;
});
