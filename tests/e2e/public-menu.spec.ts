import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { solveCaptcha } from './support/captcha';
import { ready } from './support/page';

// The public header: under the sm breakpoint its links live in a modal drawer, and a browser
// that is signed in is offered the dashboard instead of logging in (public pages are cached
// for everyone, so the header learns it in the browser, from the readable hint cookie).

const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

test('at 360 px the menu is a modal drawer: the focus stays inside, the page does not scroll, Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await ready(page, '/');
  // The desktop account link gives way to the menu.
  await expect(page.getByTestId('login-link')).toBeHidden();
  const trigger = page.getByRole('button', { name: 'Open menu' });
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');

  await trigger.click();
  const drawer = page.getByRole('dialog', { name: 'Atrio' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  // Tab and Shift+Tab go round the drawer's five controls and never leave it.
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), `after Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 7; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page), `after Shift+Tab ${i + 1}`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(trigger).toBeFocused();
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('at 360 px the menu closes on a press on the backdrop and after choosing a link', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await ready(page, '/');
  const trigger = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByRole('dialog');

  await trigger.click();
  await expect(drawer).toBeVisible();
  // The drawer is on the right: the backdrop shows on the left.
  await page.mouse.click(20, 400);
  await expect(drawer).toHaveCount(0);

  await trigger.click();
  await drawer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await expect(drawer).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked');
});

test('a signed-in visitor sees the way to the dashboard on public pages, and Log in again after logging out', async ({ page }) => {
  test.setTimeout(90_000);
  // A real sign-in, so the server sets the hint beside the AUTH cookie.
  const password = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'initial-demo-password'), 'utf8').trim();
  await ready(page, '/login');
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expect(page.getByTestId('dashboard-link')).toHaveCount(0);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 }); // a password hash under load

  await ready(page, '/');
  const dashboard = page.getByTestId('dashboard-link');
  await expect(dashboard).toBeVisible();
  await expect(dashboard).toHaveText('Dashboard');
  await expect(page.getByTestId('login-link')).toHaveCount(0);

  // The same in the mobile menu, which leads there.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('dashboard-link')).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: 'Create account' })).toHaveCount(0);
  await drawer.getByTestId('dashboard-link').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('[data-layout="vertical"]')).toBeVisible();

  // Logging out clears the hint with the session.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/$/);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
  await expect(page.getByTestId('login-link')).toBeVisible();
  await expect(page.getByTestId('dashboard-link')).toHaveCount(0);
});
