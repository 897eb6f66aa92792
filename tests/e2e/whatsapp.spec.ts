import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signatureOf } from '../../lib/whatsapp/secrets';
import { FakeGraph, delivery, statusOf } from '../integration/helpers/fake-graph';
import { solveCaptcha } from './support/captcha';
import { ready } from './support/page';
import { startServer, stopServer, type Started } from './support/server';

// Issue 17, WhatsApp API: switched on in settings, credentials saved (and only shown as set),
// a signed delivery becomes a support conversation staff see, and the reply goes to the
// Graph API. A server of our own, pointed at a fake Graph API on loopback through its env.
let server: Started;
let base: string;
const graph = new FakeGraph();
const PHONE = '106540352242922';
const APP_SECRET = 'e2e-app-secret';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await graph.start();
  server = await startServer({ DEMO_DATA: '1', LOG_LEVEL: 'warn', WHATSAPP_GRAPH_URL: graph.url });
  base = server.base;
});

test.afterAll(async () => {
  await stopServer(server);
  await graph.stop();
});

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`))).toEqual([]);
}

async function deliver(payload: unknown): Promise<number> {
  const raw = JSON.stringify(payload);
  const res = await fetch(`${base}/api/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(raw, APP_SECRET) },
    body: raw,
  });
  return res.status;
}

test('the owner connects WhatsApp; a signed delivery becomes a support conversation and the reply goes out', async ({ page }) => {
  // A second production server on two shared cores: its first pages compile slowly.
  test.setTimeout(180_000);
  const demoPassword = readFileSync(path.join(server.dataDir, 'initial-demo-password'), 'utf8').trim();
  await ready(page, `${base}/login?redir=%2Fdashboard%2Fsettings%2Fextensions`);
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword);
  await solveCaptcha(page);
  await page.getByTestId('submit').click();
  await expect(page).toHaveURL(`${base}/dashboard/settings/extensions`);

  // Off: no menu entry and no page. On: both.
  const sidebar = page.getByTestId('sidebar').first();
  await expect(sidebar.getByRole('link', { name: 'WhatsApp API' })).toHaveCount(0);
  await page.getByTestId('extension-whatsappApi').getByRole('switch').check();
  const saved = page.waitForResponse((r) => r.url().includes('/api/settings/extensions') && r.request().method() === 'POST');
  await page.getByTestId('settings-extensions-form').getByRole('button', { name: 'Save changes' }).click();
  expect((await saved).ok()).toBe(true);
  await sidebar.getByRole('link', { name: 'WhatsApp API' }).click();
  await expect(page).toHaveURL(`${base}/dashboard/extensions/whatsappApi`);
  await expect(page.getByRole('heading', { name: 'WhatsApp API' })).toBeVisible();

  const form = page.getByTestId('whatsapp-settings-form');
  for (const name of ['accessToken', 'appSecret', 'verifyToken']) await expect(page.getByTestId(`whatsapp-${name}-state`)).toHaveText('Not set');
  await form.getByLabel('Phone number id').fill(PHONE);
  await form.getByLabel('WhatsApp Business Account id').fill('abc');
  await form.getByLabel('Access token').fill('EAAG-e2e-token');
  await form.getByLabel('App secret').fill(APP_SECRET);
  await form.getByLabel('Webhook verify token').fill('e2e-verify');
  await form.getByTestId('submit').click();
  // The id is refused in place, and nothing was saved.
  await expect(form.getByText('This value is not valid.')).toBeVisible();
  await form.getByLabel('WhatsApp Business Account id').fill('102290129340398');
  const put = page.waitForResponse((r) => r.url().includes('/api/whatsapp/settings') && r.request().method() === 'PUT');
  await form.getByTestId('submit').click();
  expect((await put).status()).toBe(200);
  for (const name of ['accessToken', 'appSecret', 'verifyToken']) await expect(page.getByTestId(`whatsapp-${name}-state`)).toHaveText('Set');
  await expect(form.getByLabel('Access token')).toHaveValue('');

  // After a reload: still set, and the secrets are nowhere in the page.
  await ready(page, `${base}/dashboard/extensions/whatsappApi`);
  await expect(page.getByTestId('whatsapp-appSecret-state')).toHaveText('Set');
  expect(await page.content()).not.toContain('EAAG-e2e-token');
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Meta's handshake, then a signed message from a customer.
  const hub = await fetch(`${base}/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=e2e-verify&hub.challenge=1158201444`);
  expect([hub.status, await hub.text()]).toEqual([200, '1158201444']);
  expect((await fetch(`${base}/api/webhooks/whatsapp`, { method: 'POST', body: '{}', headers: { 'x-hub-signature-256': 'sha256=00' } })).status).toBe(403);
  expect(await deliver(delivery(PHONE, [{ from: '5491155550000', name: 'Lucía Cliente', text: 'Hola, ¿abren el sábado?' }]))).toBe(200);

  await ready(page, `${base}/dashboard/chats`);
  await page.getByTestId('chat-tab-support').click();
  await page.locator('[data-testid="chat-conversation"][data-title="Lucía Cliente (+5491155550000)"]').click();
  await expect(page.getByTestId('chat-message').filter({ hasText: 'Hola, ¿abren el sábado?' })).toBeVisible();
  await expect(page.getByTestId('whatsapp-panel')).toBeVisible();
  await expect(page.getByTestId('whatsapp-window')).toHaveAttribute('data-open', 'true');

  await page.getByTestId('chat-composer').fill('Sí, de 10 a 14.');
  await page.getByTestId('chat-composer').press('Enter');
  const reply = page.getByTestId('chat-message').filter({ hasText: 'Sí, de 10 a 14.' });
  await expect(reply).toBeVisible();
  await expect.poll(() => graph.sends().length).toBe(1);
  expect(graph.sends()[0]).toMatchObject({
    path: `/${PHONE}/messages`,
    auth: 'Bearer EAAG-e2e-token',
    body: { to: '5491155550000', text: { body: 'Sí, de 10 a 14.' } },
  });
  await expect(reply.getByTestId('whatsapp-status')).toHaveText('Sent');

  // Meta reports it read: the message says so, live.
  expect(await deliver(delivery(PHONE, [], [statusOf('wamid.OUT1', 'read')]))).toBe(200);
  await expect(reply.getByTestId('whatsapp-status')).toHaveText('Read');
  await axeClean(page);

  // The same pane in the dark theme, and at phone width.
  await page.context().addCookies([{ name: 'theme', value: 'dark', url: base }]);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('whatsapp-panel')).toBeVisible();
  await expect(page.getByTestId('whatsapp-status')).toHaveText('Read');
  await axeClean(page);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
