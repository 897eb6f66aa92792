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

test('a result clicked while the search is still on its way to the URL opens that result', async ({ page }) => {
  await logIn(page, 'root@localhost', 'initial-root-password', '/root/projects');
  const row = page.locator(`[data-testid="root-project-row"][data-key="${key}"]`);
  await expect(row).toBeVisible();
  // Typed, then the result clicked before the search's delay has passed.
  await page.getByTestId('root-projects-search').fill('Harbor');
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor Supplies');
  const detail = page.url();
  // Past the delay: the search that was waiting does not take the click's place.
  await page.waitForTimeout(800);
  expect(page.url()).toBe(detail);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor Supplies');

  // Again, the click landing just as the search reaches the URL (its rows still loading).
  await page.goBack();
  await expect(page.getByTestId('root-projects-search')).toBeVisible();
  await page.getByTestId('root-projects-search').fill('Harb');
  await page.waitForURL(/[?&]q=Harb(&|$)/);
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbor Supplies');
  await page.waitForTimeout(800);
  expect(page.url()).toBe(detail);
});

test('root edits a Spanish FAQ entry and the public page shows it at once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A visitor has the page in the cache already.
  const visitor = await browser.newContext();
  const faq = await visitor.newPage();
  await ready(faq, `${base}/preguntas-frecuentes`);

  await logIn(page, 'root@localhost', 'initial-root-password', '/root/content');
  await page.getByTestId('content-locale-es').click();
  const first = page.getByTestId('content-item').first();
  const original = (await first.getAttribute('data-title'))!;
  async function rename(from: string, to: string) {
    await page.locator(`[data-testid="content-item"][data-title="${from}"]`).getByTestId('content-edit').click();
    await page.getByTestId('content-question').fill(to);
    await page.getByTestId('content-save').click();
    await expect(page.locator(`[data-testid="content-item"][data-title="${to}"]`)).toBeVisible();
  }

  const question = `¿Puedo usar Atrio sin conexión? ${Date.now().toString(36)}`;
  await rename(original, question);
  await faq.reload();
  await expect(faq.locator('details h2').filter({ hasText: question })).toBeVisible();
  // Put it back, so the pages rendered for other tests show the seeded text again.
  await rename(question, original);
  await faq.reload();
  await expect(faq.locator('details h2').filter({ hasText: original })).toBeVisible();
  await expect(faq.getByText(question)).toHaveCount(0);

  // A new entry, then deleted after the confirmation.
  const extra = `¿Hay una app móvil? ${Date.now().toString(36)}`;
  await page.getByTestId('content-new').click();
  await page.getByTestId('content-question').fill(extra);
  await page.getByTestId('content-answer').fill('Todavía no: la web funciona en el móvil.');
  await page.getByTestId('content-save').click();
  const added = page.locator(`[data-testid="content-item"][data-title="${extra}"]`);
  await expect(added).toBeVisible();
  await added.getByTestId('content-delete').click();
  await page.getByTestId('content-delete-confirm').click();
  await expect(added).toHaveCount(0);
  await visitor.close();
});

test('the root console fits a 360 px screen, runs under the CSP, and the outbox shows an email’s links', async ({ page }) => {
  test.setTimeout(90_000);
  const violations: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && violations.push(msg.text()));
  await logIn(page, 'root@localhost', 'initial-root-password', '/root');
  await page.setViewportSize({ width: 360, height: 740 });
  await ready(page, `${base}/root/projects?q=${key}`);
  const detail = await page.locator(`[data-testid="root-project-row"][data-key="${key}"] a`).first().getAttribute('href');
  for (const url of ['/root', '/root/projects', detail!, '/root/users', '/root/content', '/root/outbox', '/root/audit']) {
    await ready(page, `${base}${url}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
  // Without SMTP every email waits here: the requester was told their project is enabled.
  await ready(page, `${base}/root/outbox`);
  await page.locator('[data-testid="outbox-row"][data-to="owner@demo.test"]').first().getByTestId('outbox-open').click();
  await expect(page.getByTestId('outbox-link').first()).toHaveAttribute('href', /^http/);
  expect(violations).toEqual([]);
});
