import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// Issue 14, requests: a user opens a request from their account, staff answer with an
// internal note and a public reply, and the user sees only the reply — live and after a reload.
test.describe.configure({ mode: 'serial' });

const subject = `Broken export ${Date.now().toString(36)}`;
const STAFF = ['REQUESTS__VIEW', 'REQUESTS__UPDATE', 'CHATS__TEAM'];
let requestPath = '';

async function live(page: Page) {
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
}

async function axeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
  expect(found, label).toEqual([]);
}

test('a user opens a request; staff add a note and a reply; the user sees only the reply', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const user = await browser.newContext();
  const staff = await browser.newContext();
  await signInAs(user, 'Guest', baseURL!);
  await signInAs(staff, 'Support', baseURL!, STAFF);
  const pageU = await user.newPage();
  const pageS = await staff.newPage();

  // The user, from the account area's "My requests" tab.
  await ready(pageU, '/account/requests');
  await expect(pageU.getByTestId('account-tab-title')).toHaveText('My requests');
  await pageU.getByTestId('ask-request').click();
  const form = pageU.getByTestId('ask-form');
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('The CSV export stops at 100 rows.');
  await form.getByTestId('ask-send').click();
  await expect.poll(() => new URL(pageU.url()).pathname).toMatch(/^\/account\/requests\/[0-9a-f-]{36}$/);
  requestPath = new URL(pageU.url()).pathname;
  await expect(pageU.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(pageU.getByTestId('thread-reply')).toHaveCount(1);
  await live(pageU);

  // Staff find it in the list and open it.
  await ready(pageS, '/dashboard/requests');
  await live(pageS);
  await pageS.getByTestId('requests-search').fill(subject);
  const row = pageS.getByTestId('requests-list').getByRole('link', { name: subject });
  await expect(row).toBeVisible();
  await row.click();
  await expect(pageS.getByRole('heading', { level: 1 })).toContainText(subject);
  await expect(pageS.getByTestId('request-status').first()).toHaveText('New');

  // An internal note first…
  await pageS.getByRole('radio', { name: 'Internal note' }).check();
  await pageS.getByTestId('composer-body').fill('Known bug in the exporter, ticket for dev.');
  await pageS.getByTestId('composer-send').click();
  await expect(pageS.getByTestId('thread-note').filter({ hasText: 'Known bug in the exporter' })).toBeVisible();
  await expect(pageS.getByTestId('composer-body')).toHaveValue('');
  // …then the public reply.
  await pageS.getByRole('radio', { name: 'Reply' }).check();
  await pageS.getByTestId('composer-body').fill('Thanks! A fix ships tomorrow.');
  await pageS.getByTestId('composer-send').click();
  await expect(pageS.getByTestId('thread-reply').filter({ hasText: 'A fix ships tomorrow' })).toBeVisible();
  await expect(pageS.getByTestId('request-status').first()).toHaveText('Pending on customer');

  // The user got the reply live, and never the note.
  await expect(pageU.getByTestId('thread-reply').filter({ hasText: 'A fix ships tomorrow' })).toBeVisible();
  await expect(pageU.getByTestId('request-status')).toHaveText('Pending on customer');
  await expect(pageU.getByText('Known bug in the exporter')).toHaveCount(0);
  await expect(pageU.getByTestId('thread-note')).toHaveCount(0);
  await pageU.reload();
  await expect(pageU.getByTestId('thread-reply')).toHaveCount(2);
  await expect(pageU.getByText('Known bug in the exporter')).toHaveCount(0);

  // The user answers; staff see it live and the request opens again.
  await pageU.getByTestId('composer-body').fill('Great, thank you.');
  await pageU.getByTestId('composer-send').click();
  await expect(pageS.getByTestId('thread-reply').filter({ hasText: 'Great, thank you.' })).toBeVisible();
  await expect(pageS.getByTestId('request-status').first()).toHaveText('Open');

  // Staff elsewhere get an in-app notification for the requester's next answer, which opens the request.
  await ready(pageS, '/dashboard');
  await live(pageS);
  await pageU.getByTestId('composer-body').fill('One more thing: it is the Excel export too.');
  await pageU.getByTestId('composer-send').click();
  await expect(pageS.getByTestId('notification-count')).toHaveText('1');
  await pageS.getByTestId('notification-bell').click();
  const entry = pageS.getByTestId('notification-entry').first();
  await expect(entry).toContainText('New reply from the requester');
  await entry.click();
  await expect(pageS.getByTestId('thread-reply').filter({ hasText: 'One more thing' })).toBeVisible();

  // The Spanish path of "My requests" lists it, in Spanish.
  await ready(pageU, '/cuenta/solicitudes');
  await expect(pageU.getByTestId('account-tab-title')).toHaveText('Mis solicitudes');
  await expect(pageU.getByTestId('my-requests').getByRole('link', { name: subject })).toBeVisible();
  await expect(pageU.getByTestId('my-requests').getByTestId('request-status').first()).toHaveText('Abierta');
  await user.close();
  await staff.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the requests pages have no axe violations in the ${theme} theme, at 360 px`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const staff = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: theme });
    const user = await browser.newContext({ viewport: { width: 360, height: 780 }, colorScheme: theme });
    await signInAs(staff, 'Support', baseURL!, STAFF);
    await signInAs(user, 'Guest', baseURL!);
    for (const context of [staff, user]) await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const pageS = await staff.newPage();
    const pageU = await user.newPage();
    for (const [page, path] of [
      [pageS, '/dashboard/requests'],
      [pageU, '/account/requests'],
      ...(requestPath ? [[pageU, requestPath] as const] : []),
    ] as const) {
      await ready(page, path);
      await page.waitForLoadState('networkidle');
      await axeClean(page, `${path} (${theme})`);
      // Nothing runs off the side of a small phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await pageS.getByTestId('requests-list').getByRole('link').first().click();
    await expect(pageS.getByTestId('request-thread')).toBeVisible();
    await pageS.waitForLoadState('networkidle');
    await axeClean(pageS, `request detail (${theme})`);
    await staff.close();
    await user.close();
  });
}
