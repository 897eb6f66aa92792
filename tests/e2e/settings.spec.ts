import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

test('settings: tabs keep unsaved edits, and an extension switched on appears in the menu', async ({ page, context, baseURL }) => {
  // The owner: the menu shows an extension's section to profiles that may open it.
  await signInAs(context, 'Owner', baseURL!);
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/dashboard\/settings\/general$/);
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();
  const name = page.getByLabel('Project name');
  await expect(name).toHaveValue('Demo Studio');
  await name.fill('Demo Studio (draft)');
  await expect(page.getByTestId('settings-tab-general').getByTestId('unsaved-marker')).toBeVisible();

  // To the other tab and back: the edit is still there, not saved.
  await page.getByTestId('settings-tab-extensions').click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/extensions$/);
  const whatsapp = page.getByTestId('extension-whatsappApi').getByRole('switch');
  await expect(whatsapp).not.toBeChecked();
  await expect(page.getByTestId('extension-varket').getByRole('switch')).toBeDisabled();
  const sidebar = page.getByTestId('sidebar').first();
  await expect(sidebar.getByRole('link', { name: 'WhatsApp API' })).toHaveCount(0);
  await whatsapp.check();
  const saved = page.waitForResponse((r) => r.url().includes('/api/settings/extensions') && r.request().method() === 'POST');
  await page.getByTestId('settings-extensions-form').getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).ok()).toBe(true);
  // Switched on: its section appears in the menu.
  await expect(sidebar.getByRole('link', { name: 'WhatsApp API' })).toHaveCount(1);
  await page.getByTestId('settings-tab-general').click();
  await expect(name).toHaveValue('Demo Studio (draft)');

  // Put the demo back as it was for the other tests.
  await page.getByTestId('settings-tab-extensions').click();
  await page.getByTestId('extension-whatsappApi').getByRole('switch').uncheck();
  const restored = page.waitForResponse((r) => r.url().includes('/api/settings/extensions') && r.request().method() === 'POST');
  await page.getByTestId('settings-extensions-form').getByRole('button', { name: 'Save changes' }).click();
  expect((await restored).ok()).toBe(true);
});
