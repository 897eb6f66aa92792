import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OPEN_REDIRECT_PAYLOADS } from '../fixtures/open-redirects';
import { signInAs } from './support/auth';
import { solveCaptcha } from './support/captcha';
import { pathOf, ready } from './support/page';

// Issue "Security and reliability": what a probe of the running server found, tried again.

test('no redir payload sends a signed-in visitor to another host', async ({ context, baseURL }) => {
  await signInAs(context, 'Support', baseURL!);
  const origin = new URL(baseURL!).origin;
  for (const payload of OPEN_REDIRECT_PAYLOADS) {
    const res = await context.request.get(`/login?redir=${encodeURIComponent(payload)}`, { maxRedirects: 0 });
    expect(res.status(), payload).toBe(307);
    const location = res.headers()['location'];
    expect(new URL(location, origin).origin, `${payload} → ${location}`).toBe(origin);
  }
});

test('a crafted redir after logging in lands on the dashboard; a logout link on another site asks instead of acting', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  // A real sign-in, so its session is this test's own to end.
  const password = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'initial-demo-password'), 'utf8').trim();
  await ready(page, `/login?redir=${encodeURIComponent('/.//evil.com')}`);
  await page.getByLabel('Email').fill('manager@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);

  // A page on another site, served by the browser itself: nothing leaves the machine.
  await page.route('http://elsewhere.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a id="out" href="${baseURL}/logout">win a prize</a>` }),
  );
  await page.goto('http://elsewhere.test/');
  await page.click('#out');
  await expect(page.getByTestId('logout-confirm')).toBeVisible();
  expect(pathOf(page.url())).toBe('/logout');
  // Still signed in: the page asked, it did not act.
  expect((await page.request.post('/api/auth/session')).status()).toBe(200);

  // The person's own choice ends it.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  expect((await page.request.post('/api/auth/session')).status()).toBe(401);
});
