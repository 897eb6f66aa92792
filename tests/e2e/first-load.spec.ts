import { expect, test, type Page, type Response } from '@playwright/test';
import { signInAs } from './support/auth';

// Issue "A dashboard people enjoy", budgets: what a phone on a slow network waits for. The
// server compresses what it sends, and the pages Lighthouse measures are complete in their
// first HTML, before any script runs.

/** Every document, script and style the page loaded, with the encoding it came in. */
async function load(page: Page, url: string): Promise<{ url: string; encoding: string | null; type: string }[]> {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (['document', 'script', 'stylesheet'].includes(r.request().resourceType()) && r.status() === 200) seen.push(r);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  return Promise.all(seen.map(async (r) => ({ url: r.url(), encoding: await r.headerValue('content-encoding'), type: r.request().resourceType() })));
}

test('the public home and a dashboard page arrive compressed, scripts and styles included', async ({ page, context, baseURL }) => {
  for (const url of ['/', '/dashboard']) {
    if (url === '/dashboard') await signInAs(context, 'Owner', baseURL!);
    const loaded = await load(page, url);
    expect(loaded.filter((r) => r.type === 'document').length, url).toBeGreaterThan(0);
    expect(loaded.filter((r) => r.type === 'script').length, url).toBeGreaterThan(3);
    // Every file worth compressing (the build leaves those under 1 kB as they are).
    const plain = loaded.filter((r) => !r.encoding);
    for (const r of plain) {
      const body = await (await page.request.get(r.url, { headers: { 'accept-encoding': 'identity' } })).body();
      expect(body.length, `${r.url} came uncompressed`).toBeLessThan(1024);
    }
    expect(new Set(loaded.filter((r) => r.encoding).map((r) => r.encoding))).toEqual(new Set([loaded.find((r) => r.encoding)!.encoding]));
    expect(['br', 'gzip']).toContain(loaded.find((r) => r.type === 'document')!.encoding);
  }
});

test('the chats page lists the conversations in its first HTML, before any script runs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  await signInAs(context, 'Owner', baseURL!, ['CHATS__TEAM', 'CHATS__SUPPORT']);
  const page = await context.newPage();
  await page.goto('/dashboard/chats');
  await expect(page.getByTestId('chat-conversation').filter({ hasText: 'general' })).toBeVisible();
  await context.close();
});
