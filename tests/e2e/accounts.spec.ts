import { expect, test } from '@playwright/test';
import { solveCaptcha } from './support/captcha';
import { emailedLink, startServer, stopServer, type Started } from './support/server';
import { hydrated, pathOf as path, ready } from './support/page';

// A server of our own, so its log (where emails' links go without SMTP) can be read and
// the accounts made here do not touch the shared one's rate limits.
let server: Started;
let base: string;
// The account the first test makes; the later ones sign in with it (the tests run in order).
const account = { email: `ana.${Date.now()}@example.test`, password: 'Secret123' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ LOG_LEVEL: 'info' });
  base = server.base;
});

test.afterAll(() => stopServer(server));

test('register, confirm the email, log out and log back in', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { email, password } = account;

  // Register: the rules run in the browser first, in the page's language.
  await ready(page, `${base}/register`);
  await page.getByTestId('submit').click();
  const name = page.getByLabel('Full name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const describedBy = await name.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('This field is required.');
  await name.fill('Ana Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill('Secret124');
  await page.getByTestId('submit').click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Repeat the password').fill(password);
  // The visibility toggle shows what was typed.
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await solveCaptcha(page);
  await page.getByTestId('submit').click();

  // Signed in with an unconfirmed email: the warning bar floats over the dashboard.
  await expect(page).toHaveURL(`${base}/dashboard`);
  const bar = page.getByTestId('email-bar');
  await expect(bar).toContainText(email);

  // Right after registering the email is a moment old: the button counts down from the
  // start instead of offering a resend the server would refuse.
  const resend = bar.getByTestId('email-bar-resend');
  await expect(resend).toBeDisabled();
  await expect(resend).toHaveText(/^Resend in 0[01]:\d\d$/);
  const first = await resend.textContent();
  await expect(resend).not.toHaveText(first!, { timeout: 3000 });
  await expect(resend).toBeDisabled();

  // Confirm through the emailed link.
  const link = emailedLink(server, email);
  expect(link, 'the confirmation link in the server log').toBeTruthy();
  await ready(page, base + path(link!));
  await expect(page).toHaveURL(/\/email-confirmation\?token=/);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByTestId('notice-success')).toContainText('Email confirmed');
  await page.getByTestId('to-dashboard').click();
  await expect(page).toHaveURL(`${base}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('email-bar')).toHaveCount(0);

  // Log out from the user menu.
  await page.getByLabel('User menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${base}/`);
  await page.goto(`${base}/account/security`);
  expect(path(page.url())).toBe('/login?redir=%2Faccount%2Fsecurity');

  // Log in: a wrong password fails and asks for a new captcha; then in, and back where we were going.
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong1234');
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page.locator('[data-alert-type="error"]').first()).toContainText('Wrong email or password.');
  // The used code was dropped: the next submit only passes with a freshly solved one.
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}/account/security`);
  const devices = page.getByTestId('device');
  await expect(devices).toHaveCount(1);
  await expect(devices.first().getByTestId('this-device')).toBeVisible();

  // A second device signs in; this one signs it out after confirming.
  const other = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' });
  const otherPage = await other.newPage();
  await ready(otherPage, `${base}/login`);
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptcha(otherPage);
  await otherPage.getByTestId('submit').click();
  await expect(otherPage).toHaveURL(`${base}/dashboard`);

  await page.reload();
  await expect(devices).toHaveCount(2);
  const firefox = devices.filter({ hasText: 'Firefox 128 on Linux' });
  await firefox.getByTestId('device-signout').click();
  await firefox.getByTestId('device-signout-confirm').click();
  await expect(devices).toHaveCount(1);
  await expect(page.locator('[data-alert-type="success"]').first()).toBeVisible();

  // The device signed out from here follows a link: it lands on the login form, told why,
  // and keeps where it was going.
  await otherPage.getByLabel('User menu').click();
  await otherPage.getByRole('menuitem', { name: 'Account' }).click();
  await expect(otherPage).toHaveURL(/\/login\?redir=%2Faccount[^&]*&ended=1$/);
  await expect(otherPage.getByTestId('notice-info')).toContainText('Your session has ended');
  // Its old cookie no longer counts: the login form stays (no bounce to the dashboard).
  await otherPage.reload();
  await expect(otherPage.getByTestId('login-form')).toBeVisible();
  await other.close();
});

// A 1×1 PNG: the server decodes and resizes whatever it gets, so it must be a real image.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('the account area: general details, avatar, email change, password and projects', async ({ page }) => {
  test.setTimeout(120_000);
  await ready(page, `${base}/account/general`);
  expect(path(page.url())).toBe('/login?redir=%2Faccount%2Fgeneral');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}/account/general`);
  await hydrated(page);

  // The avatar is checked in the browser before any upload, then previewed.
  const picker = page.getByLabel('Picture');
  await picker.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^data:image\//);

  await page.getByLabel('Full name').fill('Ana María Tester');
  // The time zone combobox filters by any part of the name.
  await page.getByRole('combobox', { name: 'Time zone' }).fill('santiago');
  await page.getByRole('option', { name: 'America / Santiago' }).click();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America / Santiago');
  const newEmail = `ana.new.${Date.now()}@example.test`;
  // A new address takes the current password, asked for once the address is edited.
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await page.getByLabel('Email').fill(newEmail);
  await page.getByLabel('Current password').fill(account.password);
  await page.getByTestId('submit').click();

  // Saved: the uploaded avatar replaces the preview, the app bar has the new name, and the
  // new address waits for its confirmation link.
  await expect(page.locator('[data-alert-type="success"]').first()).toContainText('Saved.');
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^\/api\/files\//);
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await page.getByLabel('User menu').click();
  await expect(page.getByText('Signed in as Ana María Tester')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Full name')).toHaveValue('Ana María Tester');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America / Santiago');
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();

  // Password: the server's answer lands under the field it is about.
  const tabs = page.getByRole('navigation', { name: 'Account sections' });
  await tabs.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByTestId('account-tab-title')).toHaveText('Security');
  await page.getByLabel('Current password', { exact: true }).fill('Wrong1234');
  await page.getByLabel('New password', { exact: true }).fill('Better456');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Better456');
  await page.getByTestId('submit').click();
  const current = page.getByLabel('Current password', { exact: true });
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`[id="${await current.getAttribute('aria-describedby')}"]`)).toHaveText('The current password is not right.');
  await current.fill(account.password);
  await page.getByTestId('submit').click();
  await expect(page.locator('[data-alert-type="success"]').first()).toBeVisible();
  await expect(current).toHaveValue('');
  account.password = 'Better456';
  await expect(page.getByTestId('device')).toHaveCount(1);

  // No project yet: the way to ask for one.
  await tabs.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByTestId('projects-empty')).toContainText('You are not in any project yet');
  await expect(page.getByTestId('projects-empty').getByRole('link', { name: 'Request a project' })).toHaveAttribute('href', '/request-project');
});

test('a forgotten password is reset through the emailed link', async ({ page }) => {
  test.setTimeout(120_000);
  await ready(page, `${base}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(`${base}/forgot-password`);
  await page.getByLabel('Email').fill(account.email);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('notice-success')).toContainText('Check your inbox');

  // The email is written after the answer: wait for its log line.
  await expect.poll(() => emailedLink(server, account.email)).toMatch(/\/reset-password\?token=/);
  const link = emailedLink(server, account.email);
  await ready(page, base + path(link!));
  await page.getByLabel('New password', { exact: true }).fill('Fresh789x');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Fresh789x');
  await page.getByTestId('submit').click();
  await expect(page.getByTestId('notice-success')).toContainText('Password changed');

  // The link works once.
  await ready(page, base + path(link!));
  await page.getByLabel('New password', { exact: true }).fill('Other789x');
  await page.getByLabel('Repeat the new password', { exact: true }).fill('Other789x');
  await page.getByTestId('submit').click();
  await expect(page.locator('[data-alert-type="error"]').first()).toBeVisible();

  // The new password signs in.
  await ready(page, `${base}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Fresh789x');
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}/dashboard`);
});
