import { NextResponse } from 'next/server';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { route } from '@/lib/http/route';

export const POST = route(async () => {
  const res = NextResponse.json({ message: 'ok' });
  res.cookies.set(AUTH_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0 });
  return res;
});
