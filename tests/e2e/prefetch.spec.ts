import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// Signed-in pages are rendered per request; a link asks the server for its page when a
// person points at it, focuses it or touches it, not because it is on screen
// (components/ui/Link.tsx). Before, opening the dashboard sent 20-odd prefetches.

/** The paths of the page requests Next's router makes (its `RSC` header marks them). */
function routerRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['rsc'] === '1') seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test('a signed-in page prefetches nothing on sight, a link on pointer or focus, and opens', async ({ context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  const page = await context.newPage();
  const requests = routerRequests(page);
  await ready(page, '/dashboard');
  // Next schedules viewport prefetches as soon as the page is hydrated.
  await page.waitForTimeout(2_000);
  expect(requests).toEqual([]);

  // By address: a link's name carries its unread count once other tests have sent messages.
  const sidebar = page.getByTestId('sidebar');
  await sidebar.locator('a[href="/dashboard/users"]').focus();
  await expect.poll(() => requests.filter((p) => p === '/dashboard/users').length).toBeGreaterThan(0);

  const chats = sidebar.locator('a[href="/dashboard/chats"]');
  await chats.hover();
  await expect.poll(() => requests.filter((p) => p === '/dashboard/chats').length).toBeGreaterThan(0);
  expect(requests.every((p) => p === '/dashboard/users' || p === '/dashboard/chats')).toBe(true);

  await chats.click();
  await expect(page).toHaveURL(/\/dashboard\/chats$/);
  await expect(chats).toHaveAttribute('aria-current', 'page');
});
