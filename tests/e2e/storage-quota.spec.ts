import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { solveCaptcha } from './support/captcha';
import { ready } from './support/page';
import { startServer, stopServer, type Started } from './support/server';

// Issue 13, item 11: storage quotas as people meet them. A server of our own with a 1 MB
// quota per user, so one attachment fills it; the demo owner uploads in the team chat and
// reads the project's usage in the settings, root reads the owner's in the users console.
test.describe.configure({ mode: 'serial' });

let server: Started;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // With the demo content, like every other server of the run (they share the build's page cache).
  server = await startServer({ DEMO_DATA: '1', STORAGE_QUOTA_USER_MB: '1' });
  base = server.base;
});

test.afterAll(() => stopServer(server));

async function logIn(page: Page, email: string, passwordFile: string, redir: string) {
  const password = readFileSync(path.join(server.dataDir, passwordFile), 'utf8').trim();
  await ready(page, `${base}/login?redir=${encodeURIComponent(redir)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}${redir}`, { timeout: 20_000 });
}

const KB = 1024;
const notes = (name: string, size: number) => ({ name, mimeType: 'text/plain', buffer: Buffer.alloc(size, 'a') });

test('an attachment over the quota is refused with the reason shown and the message kept; usage shows in settings and to root', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await logIn(page, 'owner@demo.test', 'initial-demo-password', '/dashboard/settings/general');
  const meter = page.getByTestId('settings-storage');
  await expect(meter.getByTestId('settings-storage-text')).toHaveText('0 B of 2.00 GB used (0%)');
  await expect(meter.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '0');

  await ready(page, `${base}/dashboard/chats`);
  await page.locator('[data-testid="chat-conversation"][data-title="general"]').click();
  const composer = page.getByTestId('chat-composer');
  const problems = page.getByTestId('chat-file-problems');

  // 1.5 MB: sent with upload progress (XMLHttpRequest), refused before the server reads it.
  await composer.fill('Here is the full log');
  await page.getByTestId('chat-file-input').setInputFiles(notes('full.log.txt', 1536 * KB));
  await composer.press('Enter');
  const refusal =
    'Not enough of your storage left for these files: 1.00 MB of your 1.00 MB remain. Deleting files (chat messages, card attachments, requests) frees space.';
  await expect(problems).toHaveText(refusal);
  await expect(page.locator('[data-alert-type="error"]').filter({ hasText: refusal })).toBeVisible();
  // Nothing lost: the text and the file are back in the box, nothing was posted.
  await expect(composer).toHaveValue('Here is the full log');
  await expect(page.getByTestId('chat-files')).toContainText('full.log.txt');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Here is the full log' })).toHaveCount(0);

  // A smaller file fits and goes.
  await page.getByRole('button', { name: 'Remove full.log.txt' }).click();
  await page.getByTestId('chat-file-input').setInputFiles(notes('part.txt', 600 * KB));
  await composer.press('Enter');
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Here is the full log' })).toBeVisible();
  await expect(problems).toHaveCount(0);

  // The next one, too small for a progress bar (a plain fetch), no longer fits.
  await composer.fill('And the rest');
  await page.getByTestId('chat-file-input').setInputFiles(notes('rest.txt', 500 * KB));
  await composer.press('Enter');
  await expect(problems).toContainText('424.00 KB of your 1.00 MB remain');
  await expect(composer).toHaveValue('And the rest');

  // The project's settings count what it holds.
  await ready(page, `${base}/dashboard/settings/general`);
  await expect(meter.getByTestId('settings-storage-text')).toHaveText('600.00 KB of 2.00 GB used (1%)');
  // At 360 px, in the dark theme, the section still fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(meter).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Root sees the owner's usage against the user quota.
  const rootContext = await browser.newContext();
  const root = await rootContext.newPage();
  await logIn(root, 'root@localhost', 'initial-root-password', '/root/users');
  await root.getByTestId('root-users-search').fill('owner@demo.test');
  await root.locator('[data-testid="root-user-row"]').filter({ hasText: 'owner@demo.test' }).getByTestId('root-user-open').click();
  const dialog = root.getByTestId('root-user-dialog');
  await expect(dialog.getByTestId('root-user-storage-text')).toHaveText('600.00 KB of 1.00 MB used (59%)');
  await expect(dialog.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '59');
  await rootContext.close();
});
