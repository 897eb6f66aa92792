import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

const html = (page: Page) => page.locator('html');

test.describe('theme', () => {
  test('follows the system preference, live, until the user chooses', async ({ page, context }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await ready(page, '/faq');
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await expect(html(page)).toHaveCSS('color-scheme', 'dark');
    expect((await context.cookies()).find((c) => c.name === 'theme')).toBeUndefined();

    // The system switches while the page is open.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Switch to dark theme');

    // Once chosen, the cookie wins over the system, now and on the next load.
    await page.getByTestId('theme-toggle').click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('theme-toggle').click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('light');
  });

  test('any other stored value follows the system (SPEC §4)', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'sepia', url: baseURL! }]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test('the 404 and 403 pages keep the theme and offer a way back', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
    await page.emulateMedia({ colorScheme: 'light' });
    await ready(page, '/faq');
    for (const [path, status] of [
      ['/no/such/page', '404'],
      ['/403', '403'],
    ]) {
      await ready(page, path);
      await expect(page.getByTestId('error-status')).toHaveText(status);
      await expect(html(page)).toHaveClass(/\bdark\b/);
      await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/');
      await page.getByTestId('error-back').click();
      await expect(page).toHaveURL(/\/faq$/);
    }
  });

  test('an error page opened directly offers only the way home', async ({ page }) => {
    await ready(page, '/no/such/page');
    await expect(page.getByTestId('error-home')).toBeVisible();
    await expect(page.getByTestId('error-back')).toHaveCount(0);
  });
});

test.describe('preloader', () => {
  test('public pages show their server-rendered HTML at first paint', async ({ request }) => {
    for (const path of ['/', '/faq', '/help/getting-started', '/login', '/register']) {
      const body = await (await request.get(path)).text();
      expect(body, path).not.toContain('id="preloader"');
      expect(body, path).toContain('<h1');
    }
    // An unknown path's page is drawn by the browser (Next's not-found fallback): no preloader over it either.
    expect(await (await request.get('/no/such/page')).text()).not.toContain('id="preloader"');
  });

  test('signed-in pages show their server-rendered content at once, never under the preloader, even before any script runs', async ({
    browser,
    page: app,
    baseURL,
  }) => {
    await signInAs(app.context(), 'Owner', baseURL!);
    await ready(app, '/dashboard/boards');
    const board = await app.getByTestId('board-link').first().getAttribute('href');
    // No script at all: what shows is what the first paint shows, before hydration.
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(context, 'Owner', baseURL!);
    const page = await context.newPage();
    for (const path of ['/dashboard', '/dashboard/chats', board!]) {
      const body = await (await page.request.get(path)).text();
      // Still in the HTML, for the instant before the frame streams in.
      expect(body, path).toContain('id="preloader"');
      await page.goto(path);
      await expect(page.getByTestId('preloader'), path).toBeHidden();
      await expect(page.locator('main'), path).toBeVisible();
      // Nothing covers the page: the point just inside its content belongs to it.
      const uncovered = await page.locator('main').evaluate((main) => {
        const box = main.getBoundingClientRect();
        return main.contains(document.elementFromPoint(box.left + 24, box.top + 24));
      });
      expect(uncovered, path).toBe(true);
    }
    await context.close();
  });

  test('on a throttled phone the content is on screen, uncovered, within 100 ms of the first contentful paint', async ({ page, context, baseURL }) => {
    test.slow();
    await signInAs(context, 'Owner', baseURL!);
    await ready(page, '/dashboard/boards');
    const board = await page.getByTestId('board-link').first().getAttribute('href');
    // Lighthouse's mobile conditions: a 4× slower CPU and slow 4G.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    // Each frame, before it paints: is the page's own content showing, uncovered?
    await page.addInitScript(() => {
      const w = window as unknown as { contentAt: number | null };
      w.contentAt = null;
      const check = () => {
        // The page's frame (sidebar, app bar, and the page as far as it has streamed).
        const frame = document.querySelector<HTMLElement>('[data-layout="vertical"]');
        const cover = document.getElementById('preloader');
        const covered = cover !== null && getComputedStyle(cover).display !== 'none' && getComputedStyle(cover).visibility !== 'hidden';
        if (frame && frame.innerText.trim() !== '' && !covered) w.contentAt = performance.now();
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    for (const path of ['/dashboard', '/dashboard/chats', board!]) {
      await page.goto(path, { waitUntil: 'load' });
      await expect.poll(() => page.evaluate(() => (window as unknown as { contentAt: number | null }).contentAt), { message: path }).not.toBeNull();
      const { firstPaint, contentAt } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        contentAt: (window as unknown as { contentAt: number }).contentAt,
      }));
      expect(contentAt - firstPaint, `${path}: content ${Math.round(contentAt)} ms, first paint ${Math.round(firstPaint)} ms`).toBeLessThanOrEqual(100);
    }
  });

  test('a signed-in page opened in the app never shows it again', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await ready(page, '/dashboard');
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/settings/);
    await expect(page.getByTestId('preloader')).toBeHidden();
  });
});
