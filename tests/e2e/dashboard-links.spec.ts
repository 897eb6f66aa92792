import { expect, test, type Page } from '@playwright/test';
import { person, signInAs } from './support/auth';
import { ready } from './support/page';

// Issue 19, home: each figure opens a list that holds what it counts, with its filter
// visible and changeable there (the integration test checks the items one by one).

const figureOf = async (page: Page, key: string) => {
  const figure = page.getByTestId(`attention-${key}`);
  await expect(figure).toBeVisible();
  return { figure, count: Number(await figure.getAttribute('data-count')) };
};

test('my overdue cards: the figure opens "My cards", which lists them and opens each on its board', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await signInAs(context, 'Owner', baseURL!);
  const owner = person('Owner');
  // A card of the Owner's, due two days ago in any zone's reckoning of "today".
  const boards = (await (await context.request.get('/api/boards')).json()).boards as { id: string }[];
  const board = (await (await context.request.get(`/api/boards/${boards[0].id}`)).json()).board as { id: string; columns: { id: string }[] };
  const created = await context.request.post(`/api/boards/${board.id}/cards`, { data: { columnId: board.columns[0].id, title: 'Linked late card' } });
  expect(created.status(), await created.text()).toBe(201);
  const cardId = ((await created.json()).card as { id: string }).id;
  const due = new Date(Date.now() - 2 * 86400_000).toISOString().slice(0, 10);
  const patched = await context.request.patch(`/api/boards/${board.id}/cards/${cardId}`, { data: { assigneeIds: [owner.userId], dueOn: due } });
  expect(patched.status(), await patched.text()).toBe(200);

  try {
    const page = await context.newPage();
    await ready(page, '/dashboard');
    const { figure, count } = await figureOf(page, 'cardsOverdue');
    expect(count).toBeGreaterThan(0);
    await figure.click();
    await expect(page).toHaveURL(/\/dashboard\/boards\?view=mine&due=overdue$/);
    await expect(page.getByRole('link', { name: 'My cards', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Overdue', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('my-card')).toHaveCount(count);
    // The week's filter is one keyboard step away, and says so when it is empty.
    await page.getByRole('link', { name: 'Due within 7 days' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/due=week$/);
    await expect(page.getByTestId('my-card').or(page.getByTestId('my-cards-empty')).first()).toBeVisible();
    await page.getByRole('link', { name: 'Overdue', exact: true }).click();
    await page.getByTestId('my-card').filter({ hasText: 'Linked late card' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/boards/${board.id}\\?card=${cardId}$`));
    await expect(page.getByRole('dialog')).toContainText('Linked late card');
  } finally {
    await context.request.patch(`/api/boards/${board.id}/cards/${cardId}`, { data: { archived: true } });
    await context.close();
  }
});

test('invoices overdue: the figure opens the list filtered by due date, and the filter can be changed', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  await signInAs(context, 'Owner', baseURL!);
  const page = await context.newPage();
  await ready(page, '/dashboard');
  const { figure, count } = await figureOf(page, 'invoicesOverdue');
  await figure.click();
  await expect(page).toHaveURL(/\/dashboard\/invoices\?due=overdue$/);
  const filter = page.getByRole('combobox', { name: 'Filter by due date' });
  await expect(filter).toHaveText('Unpaid, past due');
  if (count > 0) await expect(page.getByTestId('invoice-row')).toHaveCount(count);
  else await expect(page.getByText('No unpaid invoice is past its due date.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // By keyboard: open the select and choose "Any due date"; the URL follows.
  await filter.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Any due date' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await expect(page.getByRole('combobox', { name: 'Filter by due date' })).toHaveText('Any due date');
  await context.close();
});

test('new interview responses: the figure opens the interviews that got some, adding up to it', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await signInAs(context, 'Owner', baseURL!);
  const page = await context.newPage();
  await ready(page, '/dashboard');
  const { figure, count } = await figureOf(page, 'newResponses');
  await figure.click();
  await expect(page).toHaveURL(/\/dashboard\/interviews\?responses=new$/);
  await expect(page.getByRole('button', { name: /With new responses/, pressed: true })).toBeVisible();
  await expect(page.getByTestId('interviews-new-total')).toHaveText(new RegExp(`^${count} new responses? in the last 7 days$`));
  if (count === 0) await expect(page.getByText('No interview got a response in the last 7 days.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'All interviews' }).click();
  await expect(page).toHaveURL(/\/dashboard\/interviews$/);
  await context.close();
});
