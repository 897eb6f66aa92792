import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { solveCaptcha } from './support/captcha';
import { emailedLink, startServer, stopServer, type Started } from './support/server';
import { hydrated, ready } from './support/page';

// An invitation from the owner's users page to a person with no account, who registers
// from the link and lands in the project. A server of our own, so its log (where the
// invitation link goes without SMTP) can be read.
let server: Started;
let base: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServer({ LOG_LEVEL: 'info', DEMO_DATA: '1' });
  base = server.base;
});

test.afterAll(() => stopServer(server));

test('the owner invites a new person, who registers from the link and joins the project', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The demo owner signs in with the password the first start wrote for the operator.
  const demoPassword = readFileSync(path.join(server.dataDir, 'initial-demo-password'), 'utf8').trim();
  await ready(page, `${base}/login?redir=%2Fdashboard%2Fusers`);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}/dashboard/users`);

  const invitee = `nico.${Date.now()}@example.test`;
  await page.getByTestId('invite-open').click();
  const dialog = page.getByTestId('invite-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByRole('checkbox', { name: /^Support/ }).check();
  await dialog.getByTestId('invite-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="invitation"][data-email="${invitee}"]`)).toBeVisible();

  const link = emailedLink(server, invitee);
  expect(link, 'the invitation link in the server log').toBeTruthy();
  const url = new URL(link!);

  // The invited person has no account: the card offers to create one and comes back.
  const guest = await browser.newContext();
  const other = await guest.newPage();
  await ready(other, base + url.pathname + url.search);
  await expect(other.getByTestId('invitation-card')).toContainText('Demo Studio');
  await other.getByTestId('invitation-register').click();
  await expect(other).toHaveURL(/\/register\?redir=/);
  await hydrated(other);
  // The form opened from the invitation already holds the invited address.
  await expect(other.getByLabel('Email')).toHaveValue(invitee);
  await other.getByLabel('Full name').fill('Nico Nuevo');
  await other.getByLabel('Password', { exact: true }).fill('Secret123');
  await other.getByLabel('Repeat the password').fill('Secret123');
  await solveCaptcha(other);
  await other.getByTestId('submit').click();
  await expect(other).toHaveURL(/\/invitation\?token=/);
  await other.getByTestId('invitation-join').click();
  await expect(other).toHaveURL(`${base}/dashboard`);
  await expect(other.getByTestId('active-project')).toContainText('Demo Studio');
  await expect(other.getByTestId('active-project')).toContainText('Support');
  // The link came to that address: no confirmation bar.
  await expect(other.getByTestId('email-bar')).toHaveCount(0);
  await guest.close();

  // The owner sees the new member.
  await page.reload();
  await expect(page.locator(`[data-testid="member"][data-email="${invitee}"]`)).toBeVisible();
});
