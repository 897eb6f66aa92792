import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ready } from './support/page';
import { startServer, stopServer, type Started } from './support/server';

// Issue "captcha": the real proof of work in the account forms. A server of our own, so
// its sign-ins and challenges touch no other test's rate limits; the root its first start
// created signs in.
let server: Started;
let base: string;
let rootPassword: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // With the demo content: its pages prefetch the FAQ, and Next keeps rendered pages in the
  // build folder every server of this run shares, so it must render the same FAQ the shared
  // server does.
  server = await startServer({ DEMO_DATA: '1' });
  base = server.base;
  rootPassword = readFileSync(path.join(server.dataDir, 'initial-root-password'), 'utf8').trim();
});

test.afterAll(() => stopServer(server));

type StatusSeen = { text: string; visible: boolean; progress: boolean };
type Seen = { fieldErrors: string[]; status: StatusSeen[]; stateAtSubmit: string | null };

/**
 * Records, in the tab's sessionStorage (so it outlives the navigation after signing in),
 * every field error shown, every step of the captcha's status line (with whether it and the
 * progress bar showed), and the widget's state when the form was sent.
 */
async function record(page: Page) {
  await page.addInitScript(() => {
    const push = (key: string, value: unknown) => {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      if (JSON.stringify(list.at(-1)) === JSON.stringify(value)) return;
      list.push(value);
      sessionStorage.setItem(key, JSON.stringify(list));
    };
    new MutationObserver(() => {
      for (const error of document.querySelectorAll('[data-testid="field-error"]')) push('seen:fieldErrors', error.textContent ?? '');
      const status = document.querySelector<HTMLElement>('[data-testid="captcha-status"]');
      const text = status?.textContent?.trim();
      if (status && text) {
        const progress = document.querySelector('[data-testid="captcha-progress"]')?.hasAttribute('data-active') ?? false;
        push('seen:status', { text, visible: status.checkVisibility(), progress });
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    document.addEventListener(
      'submit',
      () => {
        const state = document.querySelector('[data-testid="captcha-field"] [data-state]')?.getAttribute('data-state');
        sessionStorage.setItem('seen:stateAtSubmit', JSON.stringify(state ?? 'no widget yet'));
      },
      true,
    );
  });
}

async function seen(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const read = (key: string, fallback: unknown) => JSON.parse(sessionStorage.getItem(key) ?? JSON.stringify(fallback));
    return { fieldErrors: read('seen:fieldErrors', []), status: read('seen:status', []), stateAtSubmit: read('seen:stateAtSubmit', null) };
  });
}

/** Holds the captcha's first answer (its challenge) back until `release()`. */
async function holdChallenge(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/captcha', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function fillLogin(page: Page) {
  await page.getByLabel('Email').fill('root@localhost');
  await page.getByLabel('Password', { exact: true }).fill(rootPassword);
}

test('"Log in" clicked right after filling the form, before the check could finish, signs in', async ({ page }) => {
  test.setTimeout(60_000);
  await record(page);
  // The challenge is held back, so the check cannot even have started when the form is sent.
  const release = await holdChallenge(page);
  await ready(page, `${base}/login`);
  await fillLogin(page);
  await page.getByTestId('submit').click();

  // The form waits for the check instead of calling the captcha a missing field.
  await expect(page.getByTestId('submit')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByText('This field is required.')).toHaveCount(0);
  release();

  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  expect((await page.context().cookies()).map((c) => c.name)).toContain('AUTH');
  const { fieldErrors, stateAtSubmit } = await seen(page);
  expect(stateAtSubmit).toBe('no widget yet');
  expect(fieldErrors).toEqual([]);
});

test('"Log in" clicked while the check runs waits for it, then signs in', async ({ page }) => {
  test.setTimeout(60_000);
  await record(page);
  const release = await holdChallenge(page);
  await ready(page, `${base}/login`);
  // As after the browser's autofill: the fields are filled before the widget has appeared.
  await fillLogin(page);
  release();
  // The check starts when the widget appears; it lasts at least half a second, so this
  // click lands in the middle of it.
  const field = page.getByTestId('captcha-field');
  await field.locator('[data-state="verifying"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByTestId('submit').click();

  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  const { fieldErrors, stateAtSubmit } = await seen(page);
  expect(stateAtSubmit).toBe('verifying');
  expect(fieldErrors).toEqual([]);
});

test('the widget checks as soon as it appears, showing its progress, then that it is done', async ({ page }) => {
  test.setTimeout(60_000);
  await record(page);
  await ready(page, `${base}/login`);
  const field = page.getByTestId('captcha-field');
  const status = field.getByTestId('captcha-status');
  // Announced politely to screen readers.
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveAttribute('aria-live', 'polite');
  // Nothing focused, nothing typed: the check runs by itself.
  await expect(field.locator('[data-state="verified"]')).toBeAttached({ timeout: 30_000 });
  await expect(status).toHaveText('Human check complete.');
  await expect(status).toBeVisible();
  await expect(field.getByTestId('captcha-progress')).not.toHaveAttribute('data-active');

  const steps = (await seen(page)).status;
  const checking = steps.findIndex((s) => s.text === 'Checking that you are a person…');
  expect(checking, JSON.stringify(steps)).toBeGreaterThanOrEqual(0);
  // While it worked, the line and the moving bar showed.
  expect(steps[checking]).toEqual({ text: 'Checking that you are a person…', visible: true, progress: true });
  expect(steps.slice(checking + 1).map((s) => s.text)).toContain('Human check complete.');
  await expect(page.getByText('This field is required.')).toHaveCount(0);
});

test('in Spanish, the progress and the result are in Spanish', async ({ page }) => {
  test.setTimeout(60_000);
  await record(page);
  await ready(page, `${base}/registro`);
  const field = page.getByTestId('captcha-field');
  await expect(field.locator('[data-state="verified"]')).toBeAttached({ timeout: 30_000 });
  await expect(field.getByTestId('captcha-status')).toHaveText('Comprobación humana completada.');
  const steps = (await seen(page)).status.map((s) => s.text);
  expect(steps).toContain('Comprobando que eres una persona…');
});
