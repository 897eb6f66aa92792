import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// The first Intl formatter of a browser process loads its ICU data; a signed-in page has a
// worker pay for that while the page loads (lib/shell/intl-warmup.ts), so hydration does not.

test('a signed-in page starts the Intl warm-up worker, which the CSP allows and which ends itself', async ({ context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  const page = await context.newPage();
  const started: string[] = [];
  const closed: string[] = [];
  page.on('worker', (worker) => {
    const path = new URL(worker.url()).pathname;
    started.push(path);
    worker.on('close', () => closed.push(path));
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|intl-warmup/i.test(message.text())) refused.push(message.text());
  });
  const script = page.waitForResponse((response) => new URL(response.url()).pathname === '/static/intl-warmup.js');
  await ready(page, '/dashboard');
  // Served as a script a worker may run (a worker refuses any other type).
  const response = await script;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^(text|application)\/javascript/);
  await expect.poll(() => closed).toEqual(['/static/intl-warmup.js']);
  expect(started).toEqual(['/static/intl-warmup.js']);
  expect(refused).toEqual([]);
  // Formatting on the page still works as before.
  expect(await page.evaluate(() => new Intl.NumberFormat(document.documentElement.lang).format(1234))).toBe('1,234');
});

test('a public page starts no worker', async ({ page }) => {
  const started: string[] = [];
  page.on('worker', (worker) => started.push(worker.url()));
  await ready(page, '/');
  await page.waitForTimeout(500);
  expect(started).toEqual([]);
});
