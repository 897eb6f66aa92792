import { expect, test } from '@playwright/test';
import { person, signIn, signInAs, signInAsRoot } from './support/auth';
import { pathOf as path } from './support/page';

test.describe('route guards', () => {
  test('auth: a visitor without tokens goes to login with the wanted path', async ({ page }) => {
    await page.goto('/cuenta/seguridad?x=1');
    expect(path(page.url())).toBe('/login?redir=%2Fcuenta%2Fseguridad%3Fx%3D1');
    await page.goto('/dashboard');
    expect(path(page.url())).toBe('/login?redir=%2Fdashboard');
  });

  test('connected: a visitor without tokens also goes to login', async ({ page }) => {
    await page.goto('/dashboard/users');
    expect(path(page.url())).toBe('/login?redir=%2Fdashboard%2Fusers');
  });

  test('no-auth: a token holder is sent to the dashboard', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Support', baseURL!);
    await page.goto('/login');
    expect(path(page.url())).toBe('/dashboard');
    await page.goto('/registro');
    expect(path(page.url())).toBe('/dashboard');
  });

  test('no-auth: a redir to the logout page does not sign the token holder out', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Support', baseURL!);
    await page.goto('/login?redir=%2Flogout');
    expect(path(page.url())).toBe('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await page.request.post('/api/auth/session')).status()).toBe(200);
  });

  test('connected: tokens without a project and profile go to the dashboard with redir, where the picker opens', async ({ page, context, baseURL }) => {
    // The root belongs to no project, so the database agrees with the token.
    await signInAsRoot(context, baseURL!);
    await page.goto('/dashboard/boards');
    expect(path(page.url())).toBe('/dashboard?redir=%2Fdashboard%2Fboards');
    await expect(page.getByTestId('project-picker')).toBeVisible();
    await expect(page.getByTestId('picker-empty')).toBeVisible();
  });

  test('connected: a token that lost its project is judged by the database, not by its claims', async ({ page, context, baseURL }) => {
    // A token minted without the pair the session holds: the server re-mints it on navigation.
    await signIn(context, { sub: person('Support').userId, sid: person('Support').sessionId }, baseURL!);
    await page.goto('/dashboard/boards');
    expect(path(page.url())).toBe('/dashboard/boards');
  });

  test('connected: a profile without the permission goes to /403', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Support', baseURL!, ['CHATS__SUPPORT']);
    await page.goto('/dashboard/settings');
    expect(path(page.url())).toBe('/403');
    await expect(page.getByTestId('error-status')).toHaveText('403');
  });

  test('connected: the permission opens the page guard', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Manager', baseURL!, ['BOARDS__VIEW']);
    const res = await page.goto('/dashboard/boards');
    expect(path(page.url())).toBe('/dashboard/boards');
    expect(res?.status()).toBe(200);
  });

  test('root: non-root users go to /login, the root gets in', async ({ page, context, baseURL }) => {
    await page.goto('/root/projects');
    expect(path(page.url())).toBe('/login?redir=%2Froot%2Fprojects');

    await signInAs(context, 'Owner', baseURL!);
    await page.goto('/root');
    // /login then sends the token holder on to the dashboard (no-auth guard).
    expect(path(page.url())).toBe('/dashboard');

    // Leave the dashboard first: its live page would notice the cleared session and go to log in.
    await page.goto('about:blank');
    await context.clearCookies();
    await signInAsRoot(context, baseURL!);
    await page.goto('/root');
    expect(path(page.url())).toBe('/root');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Platform overview');
  });

  test('a forged or expired token counts as no token', async ({ page, context, baseURL }) => {
    const { AUTH_COOKIE, encodeAuthCookie } = await import('../../lib/auth/cookie');
    const { signAccessToken } = await import('../../lib/auth/tokens');
    const expired = await signAccessToken({ sub: person('Owner').userId, sid: 'x', root: true, prr: true, perms: [] }, -60);
    await context.addCookies([{ name: AUTH_COOKIE, value: encodeAuthCookie({ accessToken: expired, refreshToken: 'r' }), url: baseURL! }]);
    // An expired token that cannot be renewed: signed out, and the login form says the session ended.
    await page.goto('/dashboard');
    expect(path(page.url())).toBe('/login?redir=%2Fdashboard&ended=1');

    // Leave the login page first: its idle prefetch of a sign-in route would renew (and so
    // end) the next planted cookie before /root is asked for.
    await page.goto('about:blank');
    const [h, p] = expired.split('.');
    const unsigned = `${h}.${p}.`;
    await context.addCookies([{ name: AUTH_COOKIE, value: encodeAuthCookie({ accessToken: unsigned, refreshToken: 'r' }), url: baseURL! }]);
    await context.clearCookies({ name: 'SESSION_ENDED' });
    await page.goto('/root');
    expect(path(page.url())).toBe('/login?redir=%2Froot&ended=1');
  });

  test('the sidebar shows the sections the profile may open', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Support', baseURL!);
    await page.goto('/dashboard');
    await expect(page.getByTestId('active-project')).toContainText('Demo Studio');
    await expect(page.getByTestId('active-project')).toContainText('Support');
    const sections = page.getByTestId('sidebar');
    await expect(sections.getByRole('link', { name: 'Chats' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Boards' })).toBeVisible();
    await expect(sections.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    // The database decides, not the token's list: Support does not hold SETTINGS__UPDATE.
    await page.goto('about:blank');
    await context.clearCookies();
    await signInAs(context, 'Support', baseURL!, ['SETTINGS__UPDATE']);
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Settings' })).toHaveCount(0);
  });
});
