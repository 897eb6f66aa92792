import { expect, test } from '@playwright/test';
import { AUTH_COOKIE, decodeAuthCookie } from '../../lib/auth/cookie';
import { verifyAccessToken } from '../../lib/auth/tokens';
import { fixture, person, signIn } from './support/auth';
import { pathOf as path } from './support/page';

test.describe('an expired access token', () => {
  test('is renewed by the server: the protected page loads and the cookie holds rotated tokens', async ({ page, context, baseURL }) => {
    const manager = person('Manager');
    const { sessionId, tokens } = fixture.refreshSession;
    await signIn(context, { sub: manager.userId, sid: sessionId, pid: manager.projectId, ppid: manager.profileId }, baseURL!, {
      refreshToken: tokens.refreshToken,
      ttlSeconds: -60,
    });
    await page.goto('/account/security');
    expect(path(page.url())).toBe('/account/security');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const cookie = (await context.cookies()).find((c) => c.name === AUTH_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const renewed = decodeAuthCookie(cookie.value)!;
    expect(renewed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await verifyAccessToken(renewed.accessToken))?.sid).toBe(sessionId);
    // The readable hint public pages use goes with it.
    const hint = (await context.cookies()).find((c) => c.name === 'SIGNED_IN');
    expect(hint?.value).toBe('1');
    expect(hint?.httpOnly).toBe(false);

    // The API accepts the renewed cookie too.
    const res = await page.request.post('/api/auth/session');
    expect(res.status()).toBe(200);
    expect((await res.json()).user.id).toBe(manager.userId);
  });

  test('with a refresh token that is not valid sends the visitor to login, keeping where they were going', async ({ page, context, baseURL }) => {
    const manager = person('Manager');
    await signIn(context, { sub: manager.userId, sid: manager.sessionId }, baseURL!, { refreshToken: 'not-a-token', ttlSeconds: -60 });
    await page.goto('/account/security');
    expect(path(page.url())).toBe('/login?redir=%2Faccount%2Fsecurity&ended=1');
    await expect(page.getByTestId('notice-info')).toContainText('Your session has ended');
  });
});
