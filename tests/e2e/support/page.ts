import { expect, type Page } from '@playwright/test';

/** A URL's path with its query, as the guards write redirects. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Opens a page and waits until it is hydrated and usable (preloader gone). */
export async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('preloader')).toBeHidden();
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
}
