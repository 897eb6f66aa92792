import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';

// No dead ends: every sidebar entry, and every link the public pages offer on this site,
// opens a working page (200, not the not-found view).

/** The same-site paths of the links under `selector`, without duplicates or fragments. */
async function linksIn(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page.locator(`${selector} a[href^="/"]`).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.split('#')[0]).filter((h) => h && !h.startsWith('/api/') && h !== '/logout'))];
}

async function opensEach(page: Page, paths: string[]) {
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByTestId('error-page'), path).toHaveCount(0);
  }
}

test('every sidebar entry of the owner and of root opens a page', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(context, 'Owner', baseURL!);
  await page.goto('/dashboard');
  const owner = await linksIn(page, '[data-testid="sidebar"]');
  expect(owner.length).toBeGreaterThan(8);
  await opensEach(page, owner);

  // Leave the live page first: it would notice the cleared session and navigate on its own.
  await page.goto('about:blank');
  await context.clearCookies();
  await signInAsRoot(context, baseURL!);
  await page.goto('/root');
  const root = await linksIn(page, '[data-testid="sidebar"]');
  expect(root.length).toBeGreaterThan(3);
  await opensEach(page, root);
});

test('every link of the public home opens a page', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const paths = await linksIn(page, 'body');
  expect(paths.length).toBeGreaterThan(3);
  await opensEach(page, paths);
});
