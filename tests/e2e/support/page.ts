import { expect, type Locator, type Page } from '@playwright/test';

/** A URL's path with its query, as the guards write redirects. */
export function pathOf(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

/** Waits until the page in front is hydrated: its controls answer. */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
}

/** Opens a page and waits until it is hydrated and usable. */
export async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('preloader')).toBeHidden();
  await hydrated(page);
}

/** Chooses an option of one of our selects (a Radix listbox) the way a person does: open it, click the option. */
export async function choose(page: Page, trigger: Locator, option: string): Promise<void> {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}
