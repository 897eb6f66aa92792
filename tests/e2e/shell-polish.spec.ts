import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// Issue 19, shell: sidebar icons with accessible names, the tablet sidebar folded to icons by
// keyboard (and kept after a reload), an empty list's state and its action, a skeleton while a
// slow list loads, and Chats reopening the conversation last read.
const expect = baseExpect.configure({ timeout: 10_000 });

async function axeClean(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

test('every sidebar section shows an icon and keeps its name', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/boards');
  const sidebar = page.getByTestId('sidebar');
  for (const [name, label] of [
    ['dashboard', 'Dashboard'],
    ['chats', 'Chats'],
    ['boards', 'Boards'],
    ['requests', 'Requests'],
  ] as const) {
    // The name is the label, then a badge's count where there is one ("Chats 2 unread").
    const link = sidebar.getByRole('link', { name: new RegExp(`^${label}( |$)`) });
    await expect(link).toBeVisible();
    await expect(link.getByTestId(`nav-icon-${name}`)).toBeVisible();
  }
  // The icons are decorative: the name comes from the label (and badge) alone.
  await expect(sidebar.locator('svg[aria-hidden="true"]').first()).toBeAttached();
  await expect(sidebar.getByRole('link', { name: 'Boards', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('on a tablet the sidebar folds to icons by keyboard, stays folded after a reload, and unfolds', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/boards');
  const frame = page.locator('[data-layout="vertical"]');
  const toggle = page.getByTestId('sidebar-toggle');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAccessibleName('Collapse sidebar to icons');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(frame).toHaveAttribute('data-sidebar', 'icons');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toHaveAccessibleName('Expand sidebar');
  const aside = page.locator('aside').filter({ has: page.getByTestId('sidebar') });
  expect((await aside.boundingBox())!.width).toBeLessThan(100);
  // Icon-only links still have their names (and a tooltip), and still work from the keyboard.
  const boardsLink = page.getByTestId('sidebar').getByRole('link', { name: /^Requests( |$)/ });
  await expect(boardsLink).toHaveAttribute('title', 'Requests');
  await boardsLink.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/requests$/);
  await axeClean(page, 'folded sidebar');

  await page.reload();
  await expect(frame).toHaveAttribute('data-sidebar', 'icons');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(frame).toHaveAttribute('data-sidebar', 'full');
  expect((await aside.boundingBox())!.width).toBeGreaterThan(200);

  // From 1280 px there is room: no fold, no toggle.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
});

test('a slow list shows a skeleton, then an empty search shows its empty state whose action opens the create dialog', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  // Only our own API, only in this test: the list's answer is held back for a moment.
  await page.route(/\/api\/requests\?/, async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/dashboard/requests');
  const skeleton = page.getByTestId('skeleton');
  await expect(skeleton.first()).toBeVisible();
  await expect(skeleton.first()).toHaveAccessibleName('Loading…');
  await expect(page.getByTestId('requests-list').locator('li').first()).toBeVisible();
  await expect(skeleton).toHaveCount(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.getByTestId('requests-search').fill('zz-nothing-matches-this-zz');
  const empty = page.getByTestId('empty-state');
  await expect(empty).toBeVisible();
  await expect(empty).toContainText('No requests match.');
  // One "New request" on the screen: the header's, not a second one in the empty state.
  await expect(page.getByRole('button', { name: 'New request' })).toHaveCount(1);
  await expect(empty.getByRole('button')).toHaveCount(0);
  await page.getByTestId('new-request').click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('an empty list passes axe at 360 px in the dark theme', async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ colorScheme: 'light' });
  await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/requests');
  await expect(page.getByTestId('requests-list').locator('li').first()).toBeVisible();
  await page.getByTestId('requests-search').fill('zz-nothing-matches-this-zz');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await axeClean(page, 'empty requests, dark, 360 px');
});

test('Chats reopens the conversation the viewer last read', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/chats');
  await expect(page.getByTestId('chat-none')).toBeVisible();
  const conversations = page.getByTestId('chat-conversation');
  await expect(conversations.first()).toBeVisible();
  const chosen = conversations.first();
  const id = await chosen.getAttribute('data-conversation');
  await chosen.click();
  await expect(page).toHaveURL(new RegExp(`[?&]c=${id}`));
  await expect(page.getByTestId('chat-messages')).toBeVisible();

  await ready(page, '/dashboard/boards');
  await ready(page, '/dashboard/chats');
  await expect(page).toHaveURL(new RegExp(`[?&]c=${id}`));
  await expect(page.getByTestId('chat-none')).toHaveCount(0);
  await expect(page.locator(`[data-testid="chat-conversation"][data-conversation="${id}"]`)).toHaveAttribute('aria-current', /.+/);
});
