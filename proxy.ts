import { getCookie } from 'cookies-next/server';
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIE, decodeAuthCookie } from './lib/auth/cookie';
import { ENDED_PARAM, SESSION_ENDED_COOKIE, SESSION_ENDED_HEADER } from './lib/auth/hint';
import { verifyAccessToken } from './lib/auth/tokens';
import { LOCALE_COOKIE, preferredLocale } from './lib/i18n/negotiate';
import { decideGuard } from './lib/routes/guard';
import { internalPath, matchPath } from './lib/routes/match';
import { isBot } from './lib/shell/bots';

// Before a page: pick the language from the path, apply the route's guard with the
// verified access token (no database), and hand bots bare status codes.
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const match = matchPath(pathname);
  const locale = match?.locale ?? preferredLocale(await getCookie(LOCALE_COOKIE, { req: request }), request.headers.get('accept-language'));
  const bot = isBot(request.headers.get('user-agent'));

  if (!match && bot) return new NextResponse(null, { status: 404 });

  if (match && match.route.guard !== 'public') {
    const tokens = decodeAuthCookie(request.cookies.get(AUTH_COOKIE)?.value);
    const claims = await verifyAccessToken(tokens?.accessToken);
    const decision = decideGuard(match.route, claims, pathname + search, request.nextUrl.searchParams.get('redir'));
    if (decision.action === 'redirect') {
      const to = new URL(decision.to, request.nextUrl);
      // The server found the session ended since its token was issued: the login form says so.
      const ended = request.headers.get(SESSION_ENDED_HEADER) === '1' || (await getCookie(SESSION_ENDED_COOKIE, { req: request })) === '1';
      if (to.pathname === '/login' && ended) to.searchParams.set(ENDED_PARAM, '1');
      return NextResponse.redirect(to, 307);
    }
  }

  // Unknown paths go to the catch-all page (a 404), never to a real route by accident.
  const target = match ? internalPath(match.name, match.params) : `/unmatched${pathname}`;
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}${target === '/' ? '' : target}`;
  return NextResponse.rewrite(url);
}

export const config = {
  matcher: ['/((?!api/|_next/|ws/|static/|sfx/|favicon\\.ico$|icon\\.svg$|robots\\.txt$|sitemap\\.xml$).*)'],
};
