import { expect, test } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';

test.describe('root shell', () => {
  test('pages load under the strict CSP without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && violations.push(msg.text()));
    for (const path of ['/', '/faq', '/ayuda/primeros-pasos', '/nothing']) {
      await page.goto(path);
      // The document is marked once the page is hydrated, which needs every script to run.
      await expect(page.locator('html[data-ready="1"]')).toBeAttached();
    }
    expect(violations).toEqual([]);
  });

  test('the theme survives a reload and never flashes', async ({ page, context, baseURL }) => {
    await page.goto('/faq');
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    const cookie = (await context.cookies()).find((c) => c.name === 'theme');
    expect(cookie?.value).toBe('dark');
    // 365 days, give or take the test's own duration.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);

    // Record the theme at the first frame, before React hydrates.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameDark: boolean }).firstFrameDark = document.documentElement.classList.contains('dark');
      });
    });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => (window as unknown as { firstFrameDark: boolean }).firstFrameDark)).toBe(true);

    // Any other stored value falls back to the default: the system preference, light here.
    await page.emulateMedia({ colorScheme: 'light' });
    await context.addCookies([{ name: 'theme', value: 'sepia', url: baseURL! }]);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });

  test('titles read "{page} · Atrio"', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Projects, teams and support in one place · Atrio');
    await page.goto('/preguntas-frecuentes');
    await expect(page).toHaveTitle('Preguntas frecuentes · Atrio');
  });

  test('the loading bar runs on a slow navigation and leaves', async ({ page }) => {
    // Hold the next page's data (its prefetch included) past the 200 ms throttle.
    await page.route('**/faq**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/');
    const bar = page.getByTestId('loading-bar');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'FAQ' }).click();
    await expect.poll(async () => bar.evaluate((el) => parseFloat(getComputedStyle(el).width))).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/faq$/);
    // Hidden after the 500 ms hide delay and reset 400 ms later.
    await expect.poll(async () => bar.evaluate((el) => el.style.width), { timeout: 5000 }).toBe('0%');
  });

  test('public pages use the horizontal layout from 360 px to desktop', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.locator('[data-layout="horizontal"]')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'FAQ' })).toBeVisible();
  });

  test('the dashboard uses the vertical layout with a drawer on small screens', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    await expect(page.locator('[data-layout="vertical"]')).toBeVisible();
    await expect(page.getByTestId('preloader')).toBeHidden();
    // The first Tab reaches the skip link, which passes the sidebar and the app bar by.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.first()).toBeVisible();
    await expect(sidebar.first().getByRole('link', { name: 'Settings' })).toBeVisible();
    // The demo has the blog and event logs on, whose pages are built: their entries show.
    await expect(sidebar.first().getByRole('link', { name: 'Blog posts' })).toBeVisible();
    await expect(sidebar.first().getByRole('link', { name: 'Access charts' })).toBeVisible();
    await expect(sidebar.first().getByRole('link', { name: 'Boards' })).toBeVisible();
    await expect(sidebar.first().getByRole('link', { name: 'Invoices' })).toBeVisible();
    await expect(sidebar.first().getByRole('link', { name: 'Interviews' })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('open-sidebar')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('open-sidebar').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Chats' })).toBeVisible();
    // Keyboard: focus starts inside, Tab wraps within the drawer, Escape closes it.
    await expect(drawer.getByRole('button', { name: 'Close menu' }).last()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('open-sidebar')).toBeFocused();
  });
});

test('dashboard pages fit a 360 px screen (wide tables scroll inside their frame) and run under the CSP', async ({ page, context, baseURL }) => {
  const violations: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text()) && violations.push(msg.text()));
  await signInAs(context, 'Owner', baseURL!);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const url of [
    '/dashboard',
    '/dashboard/users',
    '/dashboard/profiles',
    '/dashboard/settings/general',
    '/dashboard/settings/extensions',
    '/account/projects',
    '/request-project',
  ]) {
    await page.goto(url);
    await expect(page.locator('html[data-ready="1"]')).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, url).toBeLessThanOrEqual(0);
  }
  expect(violations).toEqual([]);
});

// The avatar menu, the selects, the dialogs and the form schemas are chunks fetched on first
// use; what stands in for them until then must behave like them.
test.describe('parts fetched on first use', () => {
  test('the avatar menu opens from the keyboard, closes on Escape with the focus back, and leads to the account', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.goto('/dashboard');
    const trigger = page.getByTestId('user-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toBeFocused();
    await page.getByTestId('user-menu').click();
    await menu.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/account/);
  });

  test('the notification bell opens its panel from the keyboard and gives the focus back on Escape', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.goto('/dashboard');
    await expect(page.locator('html[data-ready="1"]')).toBeAttached();
    await page.getByTestId('notification-bell').focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(panel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.getByTestId('notification-bell')).toBeFocused();
    await expect(page.getByTestId('notification-bell')).toHaveAttribute('aria-expanded', 'false');
  });

  test("a message's actions menu opens from the keyboard and edits the message", async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!, ['CHATS__TEAM', 'CHATS__SUPPORT']);
    await page.goto('/dashboard/chats');
    await page.getByTestId('chat-conversation').filter({ hasText: 'general' }).click();
    const text = `First-use menu ${Date.now().toString(36)}`;
    await page.getByTestId('chat-composer').fill(text);
    await page.getByTestId('chat-composer').press('Enter');
    const message = page.getByTestId('chat-message').filter({ hasText: text });
    await message.getByTestId('chat-message-actions').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Edit message' }).click();
    const input = page.getByTestId('chat-edit-input');
    await expect(input).toBeFocused();
    await input.fill(`${text} (edited)`);
    await input.press('Enter');
    await expect(
      page
        .getByTestId('chat-message')
        .filter({ hasText: `${text} (edited)` })
        .getByTestId('chat-edited'),
    ).toBeVisible();
  });

  test('a select reads as a collapsed combobox, opens from the keyboard or the pointer, and applies the choice', async ({ page, context, baseURL }) => {
    await signInAsRoot(context, baseURL!);
    await page.goto('/root/projects');
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toHaveAttribute('aria-expanded', 'false');
    await expect(status).toHaveText('All statuses');
    await status.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option', { name: 'Enabled' })).toBeVisible();
    await list.getByRole('option', { name: 'Enabled' }).click();
    await expect(page).toHaveURL(/status=1/);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Enabled');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'All statuses' }).click();
    await expect(page).not.toHaveURL(/status=/);
  });
});
