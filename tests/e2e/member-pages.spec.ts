import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { fixture, person, signIn, signInAs } from './support/auth';

// A signed-in page is kept per request (address, cookies, language) until something it read
// changes (lib/http/member-pages.ts). These check that what is answered from memory is what
// a render would give: after a change, for another member, for an ended session.

const kept = (res: APIResponse) => res.headers()['x-page-cache'] === 'HIT';

/** The page once it is answered from memory: the first render after a change reads the database, and is not kept. */
async function untilKept(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  for (let i = 0; i < 4; i++) {
    const res = await request.get(path, { headers, maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    if (kept(res)) return res;
  }
  throw new Error(`${path} was never answered from memory`);
}

test.describe('signed-in pages kept in memory', () => {
  test('the dashboard is answered from memory until what it shows changes; a hard reload renders it', async ({ context, request, baseURL }) => {
    await signInAs(context, 'Visitor', baseURL!);
    const me = (await (await context.request.post('/api/auth/session')).json()).user as { name: string; email: string; timeZone: string };
    const first = await untilKept(context.request, '/dashboard');
    const html = await first.text();
    expect(html).toContain(`Welcome, ${me.name}`);
    // The response as a render sends it: the page's own script hashes, this request's id.
    expect(first.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
    expect(first.headers()['content-type']).toContain('text/html');
    const again = await context.request.get('/dashboard');
    expect(again.headers()['x-request-id']).not.toBe(first.headers()['x-request-id']);
    expect(await again.text()).toBe(html);
    const compressed = await context.request.get('/dashboard', { headers: { 'accept-encoding': 'br' } });
    expect([kept(compressed), compressed.headers()['content-encoding']]).toEqual([true, 'br']);
    expect(await compressed.text()).toBe(html);

    // A hard reload asks for a fresh render, as the browser's reload button with Shift does.
    for (const headers of [{ 'cache-control': 'no-cache' }, { pragma: 'no-cache' }] as Record<string, string>[]) {
      const hard = await context.request.get('/dashboard', { headers });
      expect([hard.status(), kept(hard)]).toEqual([200, false]);
    }
    // The language is part of the request: Spanish is rendered, not the English page.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const es = await untilKept(request, '/dashboard', { cookie: `${cookie}; NEXT_LOCALE=es` });
    expect(await es.text()).toContain(`Hola, ${me.name}`);

    const rename = (name: string) =>
      context.request.post('/api/auth/accountGeneral', { multipart: { json: JSON.stringify({ name, email: me.email, timeZone: me.timeZone }) } });
    try {
      expect((await rename('Vera Renamed')).status()).toBe(200);
      // The very next load shows the change: the database announced it and the kept page went.
      const after = await context.request.get('/dashboard');
      expect(kept(after)).toBe(false);
      expect(await after.text()).toContain('Welcome, Vera Renamed');
      expect(await (await untilKept(context.request, '/dashboard')).text()).toContain('Welcome, Vera Renamed');
    } finally {
      expect((await rename(me.name)).status()).toBe(200);
    }
    expect(await (await context.request.get('/dashboard')).text()).toContain(`Welcome, ${me.name}`);
  });

  test('a click to the dashboard is kept like the page, for the route tree it came from, and shows a change at once', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    await signInAs(context, 'Visitor', baseURL!);
    const me = (await (await context.request.post('/api/auth/session')).json()).user as { name: string; email: string; timeZone: string };
    await page.goto('/account/general');
    await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    const navigation = page.waitForRequest(
      (r) => r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch'] && new URL(r.url()).pathname === '/dashboard',
    );
    await page.getByTestId('sidebar').locator('a[href="/dashboard"]').click();
    const sent = await navigation;
    await expect(page.getByTestId('dashboard-project-name')).toBeVisible();
    // The click as Chromium made it, replayed: the router's headers and the session's cookie.
    const url = new URL(sent.url());
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const headers = { ...Object.fromEntries(Object.entries(sent.headers()).filter(([name]) => name === 'rsc' || name.startsWith('next-'))), cookie };
    const click = url.pathname + url.search;
    const first = await untilKept(request, click, headers);
    expect(first.headers()['content-type']).toContain('text/x-component');
    expect(await first.text()).toContain(`Welcome, ${me.name}`);
    // The document is another answer: the click never stands in for the page, nor the page for it.
    expect((await request.get('/dashboard', { headers: { cookie } })).headers()['content-type']).toContain('text/html');

    const rename = (name: string) =>
      context.request.post('/api/auth/accountGeneral', { multipart: { json: JSON.stringify({ name, email: me.email, timeZone: me.timeZone }) } });
    try {
      expect((await rename('Vera Clicked')).status()).toBe(200);
      const after = await request.get(click, { headers });
      expect(kept(after)).toBe(false);
      expect(await after.text()).toContain('Welcome, Vera Clicked');
    } finally {
      expect((await rename(me.name)).status()).toBe(200);
    }
  });

  test('another member gets their own page, and a session signed out elsewhere is refused at once', async ({ browser, context, request, baseURL }) => {
    const visitor = person('Visitor');
    const session = fixture.keptSession;
    await signIn(context, { sub: visitor.userId, sid: session.sessionId, pid: visitor.projectId, ppid: visitor.profileId }, baseURL!, {
      refreshToken: session.tokens.refreshToken,
    });
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    expect(await (await untilKept(context.request, '/dashboard')).text()).toContain('Vera Visitor');

    const other = await browser.newContext({ baseURL });
    await signInAs(other, 'Guest', baseURL!);
    const guest = await other.request.get('/dashboard');
    const guestHtml = await guest.text();
    expect(guestHtml).toContain('Gael Guest');
    expect(guestHtml).not.toContain('Vera Visitor');

    // The visitor's other device signs this one out.
    const device = await browser.newContext({ baseURL });
    await signInAs(device, 'Visitor', baseURL!);
    expect((await device.request.post('/api/auth/sessions/revoke', { data: { id: session.sessionId } })).status()).toBe(200);
    // The same request as before, same cookie: to the login form, told why, not the kept page.
    const ended = await request.get('/dashboard', { headers: { cookie }, maxRedirects: 0 });
    expect(kept(ended)).toBe(false);
    expect(ended.status()).toBe(307);
    expect(ended.headers().location).toContain('/login');
    await other.close();
    await device.close();
  });
});
