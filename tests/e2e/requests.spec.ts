import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { person, signInAs, signInAsRoot } from './support/auth';
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

const MANAGER = ['REQUESTS__VIEW', 'REQUESTS__UPDATE', 'SETTINGS__UPDATE'];

/** A key pressed on the page itself, as a shortcut is: nothing focused takes it first. */
/** Requests the Guest opens from their account, by API: their ids. */
async function guestOpens(page: Page, baseURL: string, subjects: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const subject of subjects) {
    const res = await page.request.post(`${baseURL}/api/requests/mine`, {
      data: { projectId: person('Guest').projectId, subject, type: 'question', body: 'Hello?' },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).data.request.id);
  }
  return ids;
}

async function shortcut(page: Page, key: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(key);
}

test('a canned reply is inserted, two requests are closed at once, and the requester rates one on the page and by the emailed link', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const user = await browser.newContext();
  const staff = await browser.newContext();
  const root = await browser.newContext();
  const visitor = await browser.newContext();
  await signInAs(user, 'Guest', baseURL!);
  await signInAs(staff, 'Manager', baseURL!, MANAGER);
  await signInAsRoot(root, baseURL!);
  const pageU = await user.newPage();
  const pageS = await staff.newPage();

  // The requester opens two requests.
  const ids = await guestOpens(pageU, baseURL!, [`Bulk ${tag} 1`, `Bulk ${tag} 2`]);

  // Settings → General: a canned reply with placeholders.
  await ready(pageS, '/dashboard/settings/general');
  await pageS.getByTestId('canned-new').click();
  const dialog = pageS.getByTestId('canned-dialog');
  await dialog.getByTestId('canned-title').fill(`Apology ${tag}`);
  await dialog.getByTestId('canned-body').fill('Sorry {{name}}, {{agent}} from {{project}} here.');
  await dialog.getByTestId('canned-save').click();
  await expect(dialog).toBeHidden();
  await expect(pageS.getByTestId('canned-list')).toContainText(`Apology ${tag}`);

  // The request page: ? lists the shortcuts, r goes to the reply box, the picker inserts by keyboard.
  await ready(pageS, `/dashboard/requests/${ids[0]}`);
  await shortcut(pageS, '?');
  await expect(pageS.getByTestId('shortcuts-dialog')).toBeVisible();
  await expect(pageS.getByTestId('shortcuts-dialog')).toContainText('Write an internal note');
  await pageS.keyboard.press('Escape');
  await expect(pageS.getByTestId('shortcuts-dialog')).toBeHidden();
  await shortcut(pageS, 'r');
  await expect(pageS.getByTestId('composer-body')).toBeFocused();
  // Typed into the box, r is just a letter.
  await pageS.keyboard.type('r');
  await expect(pageS.getByTestId('composer-body')).toHaveValue('r');
  await pageS.getByTestId('composer-body').fill('');
  await pageS.getByTestId('insert-canned').click();
  await pageS.getByTestId('canned-search').fill(`apology ${tag}`);
  await expect(pageS.getByTestId('canned-options').getByRole('option')).toHaveCount(1);
  await pageS.getByTestId('canned-search').press('Enter');
  await expect(pageS.getByTestId('canned-picker')).toBeHidden();
  await expect(pageS.getByTestId('composer-body')).toHaveValue('Sorry Gael Guest, Mateo Manager from Demo Studio here.');
  await pageS.getByTestId('composer-body').press('End');
  await pageS.getByTestId('composer-body').pressSequentially(' It is fixed.');
  await pageS.getByTestId('composer-send').click();
  await expect(pageS.getByTestId('thread-reply').filter({ hasText: 'Sorry Gael Guest, Mateo Manager from Demo Studio here. It is fixed.' })).toBeVisible();

  // The list: j selects the first row; select both requests and close them in one action.
  await ready(pageS, '/dashboard/requests');
  await pageS.getByTestId('requests-search').fill(`Bulk ${tag}`);
  await expect(pageS.getByTestId('request-row')).toHaveCount(2);
  await shortcut(pageS, 'j');
  await expect(pageS.getByTestId('request-row').first()).toHaveAttribute('data-current', 'true');
  await pageS.getByTestId('select-all').check();
  await expect(pageS.getByTestId('bulk-bar')).toContainText('2 selected');
  await pageS.getByTestId('bulk-close').click();
  await pageS.getByTestId('bulk-close-dialog').getByTestId('confirm').click();
  await expect(pageS.getByTestId('bulk-bar')).toBeHidden();
  await expect(pageS.getByTestId('request-row').getByTestId('request-status')).toHaveText(['Closed', 'Closed']);

  // The requester rates the first on their page.
  await ready(pageU, `/account/requests/${ids[0]}`);
  const own = pageU.getByTestId('own-rating');
  await own
    .locator('label')
    .filter({ has: pageU.getByTestId('rating-good') })
    .click();
  await own.getByTestId('rating-comment').fill('Fast, thanks.');
  await own.getByTestId('rating-submit').click();
  await expect(own.getByTestId('own-rating-score')).toHaveText('You rated this request: Good.');

  // The second by the emailed link, signed out.
  const outbox = await root.request.get(`${baseURL}/api/root/outbox?q=guest@demo.test&limit=50`);
  const solved = ((await outbox.json()).data as { id: string; kind: string; subject: string }[]).find(
    (e) => e.kind === 'requestSolved' && e.subject.includes(`Bulk ${tag} 2`),
  );
  expect(solved, 'the rating email').toBeDefined();
  const mail = (await (await root.request.get(`${baseURL}/api/root/outbox/${solved!.id}`)).json()).data as { links: string[] };
  const link = new URL(mail.links[0]);
  const pageV = await visitor.newPage();
  await ready(pageV, link.pathname + link.search);
  // The link is in the requester's language: the choice is found by what it is, not its words.
  await pageV
    .locator('label')
    .filter({ has: pageV.getByTestId('rating-bad') })
    .click();
  await pageV.getByTestId('rating-comment').fill('Closed without an answer.');
  await pageV.getByTestId('rating-submit').click();
  await expect(pageV.getByTestId('notice-success')).toContainText('#');

  // Staff see both ratings; the home counts them.
  await ready(pageS, `/dashboard/requests/${ids[1]}`);
  await expect(pageS.getByTestId('request-rating')).toContainText('Bad');
  await expect(pageS.getByTestId('request-rating')).toContainText('Closed without an answer.');
  await ready(pageS, '/dashboard');
  await expect(pageS.getByTestId('satisfaction')).toBeVisible();
  expect(Number(await pageS.getByTestId('satisfaction').getAttribute('data-total'))).toBeGreaterThanOrEqual(2);
  for (const context of [user, staff, root, visitor]) await context.close();
});

test('requests are assigned in bulk from the list and one by one on the page; the staff list is fetched when it is needed', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const user = await browser.newContext();
  const staff = await browser.newContext();
  await signInAs(user, 'Guest', baseURL!);
  await signInAs(staff, 'Manager', baseURL!, MANAGER);
  const pageU = await user.newPage();
  const pageS = await staff.newPage();
  const ids = await guestOpens(pageU, baseURL!, [`Assign ${tag} 1`, `Assign ${tag} 2`]);

  // The list page does not carry the staff: the dialog asks for them when it opens.
  const asked: string[] = [];
  pageS.on('request', (r) => {
    if (r.url().includes('/api/requests/assignees')) asked.push(r.url());
  });
  await ready(pageS, '/dashboard/requests');
  await pageS.getByTestId('requests-search').fill(`Assign ${tag}`);
  await expect(pageS.getByTestId('request-row')).toHaveCount(2);
  expect(asked).toEqual([]);
  await pageS.getByTestId('select-all').check();
  await pageS.getByTestId('bulk-assign').click();
  const dialog = pageS.getByTestId('bulk-dialog');
  await expect(dialog.getByTestId('bulk-choice')).toBeEnabled();
  expect(asked).toHaveLength(1);
  await dialog.getByTestId('bulk-choice').click();
  await pageS.getByRole('listbox').getByRole('option', { name: 'Mateo Manager', exact: true }).click();
  await dialog.getByTestId('bulk-apply').click();
  await expect(pageS.getByTestId('bulk-bar')).toBeHidden();
  await expect(pageS.getByTestId('request-row').filter({ hasText: 'Mateo Manager' })).toHaveCount(2);

  // On the page: the select shows the assignee and takes another choice, which stays after a reload.
  await ready(pageS, `/dashboard/requests/${ids[0]}`);
  const select = pageS.getByTestId('request-assignee-select');
  await expect(select).toHaveText('Mateo Manager');
  await select.click();
  await pageS.getByRole('listbox').getByRole('option', { name: 'Unassigned', exact: true }).click();
  await expect(select).toHaveText('Unassigned');
  await pageS.reload();
  await expect(pageS.getByTestId('request-assignee-select')).toHaveText('Unassigned');
  for (const context of [user, staff]) await context.close();
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
      [pageU, '/rate-request?token=incomplete'],
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
    await pageS.getByTestId('shortcuts-button').click();
    await expect(pageS.getByTestId('shortcuts-dialog')).toBeVisible();
    await axeClean(pageS, `shortcuts sheet (${theme})`);
    await staff.close();
    await user.close();
  });
}
