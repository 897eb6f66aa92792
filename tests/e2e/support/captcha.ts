import { expect, type Page } from '@playwright/test';

/**
 * Solves the real proof-of-work captcha the way a person does: the widget starts when the
 * form gets focus; when it has not (nothing typed yet), ticking its checkbox starts it.
 */
export async function solveCaptcha(page: Page) {
  const field = page.getByTestId('captcha-field');
  const state = field.locator('[data-state]').first();
  await expect(state).toBeAttached({ timeout: 15_000 });
  await expect
    .poll(() => state.getAttribute('data-state'), { timeout: 2000 })
    .not.toBe('unverified')
    .catch(() => undefined);
  if ((await state.getAttribute('data-state')) === 'unverified') {
    // From the keyboard, as anyone may use it.
    await field.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
  }
  await expect(field.locator('[data-state="verified"]')).toBeAttached({ timeout: 30_000 });
}
