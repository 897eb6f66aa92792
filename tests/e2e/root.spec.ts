import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { solveCaptcha } from './support/captcha';
import { ready } from './support/page';
import { startServer, stopServer, type Started } from './support/server';

// Issue "Root console": a server of its own, so the root's real sign-in and session
// (rotated on the way back from acting as admin) touch no other test's fixture.
test.describe.configure({ mode: 'serial' });

let server: Started;
let base: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ DEMO_DATA: '1' });
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
  await expect(page).toHaveURL(`${base}${redir}`);
}

const key = `harbor-${Date.now().toString(36)}`;

test('root enables a pending project, enters it as admin, sees the banner and returns', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The demo owner asks for a new project.
  const requester = await browser.newContext();
  const asker = await requester.newPage();
  await logIn(asker, 'owner@demo.test', 'initial-demo-password', '/dashboard');
  const requested = await requester.request.post(`${base}/api/requestProject`, {
    multipart: { json: JSON.stringify({ name: 'Harbor Supplies', key, description: 'Boat parts shop' }) },
  });
  expect(requested.status()).toBe(201);
  await requester.close();

  await logIn(page, 'root@localhost', 'initial-root-password', '/root');
  // The overview counts the request; its list leads to the project.
  await expect(page.getByTestId('overview-pending')).toContainText('1');
  await ready(page, `${base}/root/projects?status=0`);
  const row = page.locator(`[data-testid="root-project-row"][data-key="${key}"]`);
  await expect(row).toBeVisible();
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor Supplies');
  await expect(page.getByTestId('root-project-status')).toContainText('Pending');

  await page.getByTestId('root-project-enable').click();
  await expect(page.getByTestId('root-project-status')).toContainText('Enabled');
  const detail = page.url();

  await page.getByTestId('enter-as-admin').click();
  await page.getByTestId('enter-as-admin-confirm').click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  const banner = page.getByTestId('admin-banner');
  await expect(banner).toContainText('Harbor Supplies');
  await expect(page.getByTestId('active-project')).toContainText('Harbor Supplies');
  await expect(page.getByTestId('active-project')).toContainText('Owner');
  // The banner stays on every page of the project while acting as admin.
  await ready(page, `${base}/dashboard/profiles`);
  await expect(page.getByTestId('admin-banner')).toBeVisible();

  await page.getByTestId('admin-leave').click();
  await expect(page).toHaveURL(detail);
  await expect(page.getByTestId('admin-banner')).toHaveCount(0);
  // Entry and exit are in the project's audit log.
  await expect(page.locator('[data-testid="audit-row"][data-action="project.adminEnter"]')).toContainText('Entered as admin');
  await expect(page.locator('[data-testid="audit-row"][data-action="project.adminExit"]')).toContainText('Left admin mode');
});

test('root edits a Spanish FAQ entry and the public page shows it at once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A visitor has the page in the cache already.
  const visitor = await browser.newContext();
  const before = await visitor.newPage();
  await ready(before, `${base}/preguntas-frecuentes`);
  const first = (await before.locator('details h2').first().textContent())!.trim();

  await logIn(page, 'root@localhost', 'initial-root-password', '/root/content');
  await page.getByTestId('content-locale-es').click();
  const item = page.locator(`[data-testid="content-item"][data-title="${first}"]`);
  await item.getByTestId('content-edit').click();
  const question = `¿Puedo usar Atrio sin conexión? ${Date.now().toString(36)}`;
  await page.getByTestId('content-question').fill(question);
  await page.getByTestId('content-save').click();
  await expect(page.locator(`[data-testid="content-item"][data-title="${question}"]`)).toBeVisible();

  await before.reload();
  await expect(before.locator('details h2').first()).toHaveText(question);
  await visitor.close();
});
