import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { seedSignedIn } from '../../bench/signed-in';
import { startServer, stopServer, type Started } from './support/server';

// Visual consistency (issue 19): the main pages in both themes at 1280 and 360 px, compared with
// the baselines kept beside this file. On its own server with freshly seeded demo data, so no
// other spec's writes show. What changes from day to day (dates, times) is masked; a small
// tolerance absorbs font anti-aliasing between machines. After an intended visual change:
// `npm run test:e2e -- tests/e2e/visual.spec.ts --update-snapshots`, then review the images.

const PAGES: { name: string; path: string; signedIn: boolean }[] = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: true },
  { name: 'chats', path: '/dashboard/chats', signedIn: true },
  { name: 'boards', path: '/dashboard/boards', signedIn: true },
  { name: 'requests', path: '/dashboard/requests', signedIn: true },
  { name: 'users', path: '/dashboard/users', signedIn: true },
  { name: 'settings', path: '/dashboard/settings/general', signedIn: true },
];
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];
const THEMES = ['light', 'dark'] as const;

let server: Started;
let ownerCookie: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // Seeded before the server starts, with a session for the demo owner (as the Lighthouse bench does).
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-visual-'));
  ownerCookie = (await seedSignedIn(dataDir)).owner;
  server = await startServer({ DEMO_DATA: '1', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

for (const { name, path: pagePath, signedIn } of PAGES) {
  for (const theme of THEMES) {
    for (const size of SIZES) {
      test(`${name} looks as kept, ${theme} theme at ${size.width} px`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: size, locale: 'en-US', colorScheme: theme, reducedMotion: 'reduce' });
        const cookies: { name: string; value: string; url: string }[] = [{ name: 'theme', value: theme, url: server.base }];
        if (signedIn) {
          const [cookieName, ...value] = ownerCookie.split('=');
          cookies.push({ name: cookieName, value: value.join('='), url: server.base });
        }
        await context.addCookies(cookies);
        const page = await context.newPage();
        await page.goto(server.base + pagePath);
        await expect(page.locator('html[data-ready="1"]')).toBeAttached();
        // Best effort: on a loaded machine a page's idle prefetches can keep the network busy for
        // long; toHaveScreenshot then still waits for two identical frames in a row.
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await expect(page).toHaveScreenshot(`${name}-${theme}-${size.width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          mask: [page.locator('time'), page.locator('[data-volatile]')],
          maxDiffPixelRatio: 0.02,
          threshold: 0.3,
        });
        await context.close();
      });
    }
  }
}
