import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { ready } from './support/page';

// Issue 14, boards: the demo board in two browsers, a card moved by mouse and by keyboard
// showing up live on the other screen and staying after a reload; the card dialog; filters
// and the list view; a hard WIP limit; swimlanes, bulk actions on selected cards and
// templates; axe in both themes on a phone-wide screen.
test.describe.configure({ mode: 'serial' });
// A board's first visit fetches its chunks (dnd-kit, the virtualizer) on a machine that may be busy.
const expect = baseExpect.configure({ timeout: 10_000 });

async function live(page: Page) {
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
}

async function openDemoBoard(page: Page) {
  await ready(page, '/dashboard/boards');
  await page.getByTestId('board-link').filter({ hasText: 'Website launch' }).click();
  await expect(page.getByTestId('board-title')).toHaveText('Website launch');
  await live(page);
}

const column = (page: Page, name: string) => page.getByTestId('column').filter({ has: page.getByRole('heading', { name, exact: true }) });
const card = (scope: Page | Locator, title: string) => scope.getByTestId('card').filter({ hasText: title });

/** Lift, move and drop with the keyboard, at a person's pace rather than in one tick. */
async function keyboardMove(page: Page, target: Locator, keys: string[]) {
  await target.focus();
  for (const key of ['Space', ...keys, 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
}

async function dragWithMouse(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the 5 px activation distance, then over the target in steps, as a hand would.
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 40, { steps: 12 });
  await page.mouse.up();
}

test('a card dragged by one person moves live on the other’s screen and stays after a reload', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const a = await browser.newContext();
  const b = await browser.newContext();
  await signInAs(a, 'Owner', baseURL!);
  await signInAs(b, 'Manager', baseURL!);
  const pageA = await a.newPage();
  const pageB = await b.newPage();
  await openDemoBoard(pageA);
  await openDemoBoard(pageB);

  const title = 'Collect customer quotes';
  await expect(card(column(pageB, 'Backlog'), title)).toBeVisible();
  await dragWithMouse(pageA, card(pageA, title), column(pageA, 'Review'));
  await expect(card(column(pageA, 'Review'), title)).toBeVisible();
  // The other browser sees it move without reloading.
  await expect(card(column(pageB, 'Review'), title)).toBeVisible({ timeout: 5_000 });
  await expect(card(column(pageB, 'Backlog'), title)).toHaveCount(0);

  // Keyboard: focus, Space lifts, an arrow moves to the next column, Space drops.
  const kbTitle = 'Write the launch announcement';
  await keyboardMove(pageA, card(pageA, kbTitle), ['ArrowRight']);
  await expect(card(column(pageA, 'In progress'), kbTitle)).toBeVisible();
  await expect(card(column(pageB, 'In progress'), kbTitle)).toBeVisible({ timeout: 5_000 });

  await pageA.reload();
  await expect(pageA.getByTestId('board-title')).toBeVisible();
  await expect(card(column(pageA, 'Review'), title)).toBeVisible();
  await expect(card(column(pageA, 'In progress'), kbTitle)).toBeVisible();
  await a.close();
  await b.close();
});

test('the card dialog edits, comments and keeps a history; filters, list view and archive work', async ({ page, context, baseURL }) => {
  test.setTimeout(60_000);
  await signInAs(context, 'Owner', baseURL!);
  await openDemoBoard(page);
  const title = 'Design the pricing page';
  await card(page, title).click();
  const dialog = page.getByTestId('card-dialog');
  await expect(dialog.getByTestId('checklist')).toContainText('Wireframe');
  await dialog.getByTestId('checklist-new').fill('Review with the team');
  await dialog.getByTestId('checklist-new').press('Enter');
  await expect(dialog.getByTestId('checklist')).toContainText('Review with the team');
  await dialog.getByTestId('comment-body').fill('Looks great so far');
  await dialog.getByTestId('comment-submit').click();
  await expect(dialog.getByTestId('comments')).toContainText('Looks great so far');
  await dialog.getByTestId('card-edit-text').click();
  await dialog.getByTestId('card-description-input').fill('## Goals\n\n**Clear** prices');
  await dialog.getByTestId('card-save-text').click();
  await expect(dialog.getByTestId('card-description').locator('strong')).toHaveText('Clear');
  await expect(dialog.getByTestId('activity')).toContainText('commented');
  await expect(dialog.getByTestId('activity')).toContainText('changed the checklist');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(card(page, title)).toContainText(/1 comment(?!s)/);

  // Filters: text, then the list view of the same cards.
  await page.getByTestId('filter-text').fill('signup');
  await expect(page.getByTestId('card')).toHaveCount(1);
  await expect(page.getByTestId('card-overdue')).toBeVisible();
  await page.getByTestId('view-list').click();
  await expect(page.getByTestId('list-row')).toHaveCount(1);
  await page.getByTestId('filter-clear').click();
  await page.getByTestId('view-board').click();

  // Archive from the dialog, restore from the archived view.
  await card(page, 'Set up the team chat').click();
  await page.getByTestId('card-archive').click();
  await page.keyboard.press('Escape');
  await expect(card(page, 'Set up the team chat')).toHaveCount(0);
  await page.getByTestId('view-archived').click();
  await page.getByTestId('card-restore').click();
  await expect(page.getByTestId('archived-list')).toHaveCount(0);
  await page.getByTestId('view-board').click();
  await expect(card(column(page, 'Done'), 'Set up the team chat')).toBeVisible();

  // Rename the board, then put its name back.
  for (const name of ['Website relaunch', 'Website launch']) {
    await page.getByTestId('board-rename').click();
    const rename = page.getByTestId('board-rename-dialog');
    await rename.getByLabel('Name').fill(name);
    await rename.getByTestId('board-rename-submit').click();
    await expect(rename).toBeHidden();
    await expect(page.getByTestId('board-title')).toHaveText(name);
  }
});

test('adding cards: a click away closes quietly, Enter clears at once and keeps what is typed next; a mouse drag moves without selecting', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAs(context, 'Owner', baseURL!);
  await openDemoBoard(page);
  const backlog = column(page, 'Backlog');

  // Opened, then left empty: it closes, with no error to read.
  await backlog.getByTestId('card-add-open').click();
  await expect(backlog.getByTestId('card-add-title')).toBeFocused();
  await page.getByTestId('board-title').click();
  await expect(backlog.getByTestId('card-add-title')).toHaveCount(0);
  await expect(page.getByText('This field is required.')).toHaveCount(0);
  await backlog.getByTestId('card-add-open').click();
  await expect(page.getByText('This field is required.')).toHaveCount(0);

  // The first card's answer is held back while the next title is typed: nothing of it is lost.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/boards/*/cards', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  const input = backlog.getByTestId('card-add-title');
  await input.fill('Plan the launch party');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await page.keyboard.type('Order the cake');
  release();
  await expect(card(backlog, 'Plan the launch party')).toBeVisible();
  await expect(input).toHaveValue('Order the cake');
  await input.press('Enter');
  await expect(card(backlog, 'Order the cake')).toBeVisible();
  await expect(input).toHaveValue('');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await input.press('Escape');

  // A mouse drag that starts on the card's text: no text is selected before the drag takes
  // over (5 px) nor after, and the card lands in the other column.
  const moving = card(backlog, 'Plan the launch party');
  const box = (await moving.getByText('Plan the launch party').boundingBox())!;
  const selected = () => page.evaluate(() => window.getSelection()?.toString() ?? '');
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 8, box.y + box.height / 2, { steps: 4 });
  expect(await selected()).toBe('');
  const done = (await column(page, 'Done').boundingBox())!;
  await page.mouse.move(done.x + done.width / 2, done.y + 60, { steps: 12 });
  expect(await selected()).toBe('');
  await page.mouse.up();
  await expect(card(column(page, 'Done'), 'Plan the launch party')).toBeVisible();
  expect(await selected()).toBe('');
});

test('a hard WIP limit refuses the move with a clear message', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  await openDemoBoard(page);
  await column(page, 'Review').getByTestId('column-edit').click();
  const dialog = page.getByTestId('column-dialog');
  await dialog.getByLabel('WIP limit').fill('1');
  await dialog.getByTestId('column-wip-hard').check();
  await dialog.getByTestId('column-save').click();
  await expect(dialog).toBeHidden();
  await expect(column(page, 'Review').getByTestId('column-count')).toContainText('of 1');
  // Review already holds more than one card: a card moved in by keyboard is refused and goes back.
  await keyboardMove(page, card(column(page, 'In progress'), 'Design the pricing page'), ['ArrowRight']);
  await expect(page.getByText('“Review” is full: its limit is 1 card.').first()).toBeVisible();
  await expect(card(column(page, 'In progress'), 'Design the pricing page')).toBeVisible();
  await expect(card(column(page, 'Review'), 'Design the pricing page')).toHaveCount(0);
});

async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}
const lane = (page: Page, name: string) => page.getByTestId('lane').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cell = (scope: Locator, column: string) => scope.getByTestId('lane-cell').filter({ hasText: column }).first();

test('swimlanes by label: a card dragged into another lane takes that label, a keyboard move stays in its lane, the choice is remembered', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Wide and tall enough for every lane's four cells: a mouse drag only reaches what is on the screen.
  await page.setViewportSize({ width: 1600, height: 1200 });
  await signInAs(context, 'Owner', baseURL!);
  await openDemoBoard(page);
  await choose(page, page.getByTestId('lanes-by'), 'By label');
  await expect(page.getByTestId('lane')).toHaveCount(4);
  const title = 'Set up the team chat';
  // Filtered to the one card, the four lanes fit on the screen the mouse moves over.
  await page.getByTestId('filter-text').fill('team chat');
  await expect(card(lane(page, 'No label'), title)).toBeVisible();
  await dragWithMouse(page, card(lane(page, 'No label'), title), cell(lane(page, 'Bug'), 'Done'));
  await expect(card(lane(page, 'Bug'), title)).toBeVisible();
  await expect(card(lane(page, 'No label'), title)).toHaveCount(0);

  // Keyboard: Space lifts, the arrows go along the lane's cells, Space drops.
  await keyboardMove(page, card(lane(page, 'Bug'), title), ['ArrowLeft', 'ArrowLeft']);
  await expect(card(cell(lane(page, 'Bug'), 'In progress'), title)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('lanes-by')).toHaveText('By label');
  await expect(card(cell(lane(page, 'Bug'), 'In progress'), title)).toBeVisible();
  await card(page, title).first().click();
  await expect(page.getByTestId('card-dialog').getByRole('checkbox', { name: 'Bug' })).toBeChecked();
  await page.keyboard.press('Escape');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  await choose(page, page.getByTestId('lanes-by'), 'No swimlanes');
  await expect(page.getByTestId('kanban')).toBeVisible();
});

test('cards selected with X and Shift+click move together in one call, live on another screen', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  // Large: every column in view, and the bar at the foot of the screen clear of the cards being clicked.
  const viewport = { width: 1600, height: 1200 };
  const a = await browser.newContext({ viewport });
  const b = await browser.newContext({ viewport });
  await signInAs(a, 'Owner', baseURL!);
  await signInAs(b, 'Manager', baseURL!);
  const page = await a.newPage();
  const other = await b.newPage();
  await openDemoBoard(page);
  await openDemoBoard(other);

  const done = column(page, 'Done');
  await done.getByTestId('card-add-open').click();
  for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) {
    await done.getByTestId('card-add-title').fill(title);
    await done.getByTestId('card-add-title').press('Enter');
    await expect(card(done, title)).toBeVisible();
  }
  await done.getByTestId('card-add-title').press('Escape');
  await card(done, 'Bulk one').focus();
  await page.keyboard.press('x');
  await card(done, 'Bulk three').click({ modifiers: ['Shift'] });
  const bar = page.getByTestId('bulk-bar');
  await expect(bar.getByTestId('bulk-count')).toHaveText('3 cards selected');
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes('/cards/') && r.method() === 'POST' && calls.push(r.url()));
  await choose(page, bar.getByTestId('bulk-move'), 'Backlog');
  for (const title of ['Bulk one', 'Bulk two', 'Bulk three']) {
    await expect(card(column(page, 'Backlog'), title)).toBeVisible();
    await expect(card(column(other, 'Backlog'), title)).toBeVisible({ timeout: 5_000 });
  }
  expect(calls.filter((u) => u.endsWith('/cards/bulk'))).toHaveLength(1);
  expect(calls.filter((u) => u.endsWith('/move'))).toHaveLength(0);
  // Still selected: archive them all, then Escape has nothing left to clear.
  await page.getByTestId('bulk-archive').click();
  await expect(card(page, 'Bulk one')).toHaveCount(0);
  await expect(card(other, 'Bulk two')).toHaveCount(0, { timeout: 5_000 });
  await expect(bar).toBeHidden();
  // Escape clears a selection.
  await card(page, 'Review the help articles').focus();
  await page.keyboard.press('x');
  await expect(page.getByTestId('bulk-count')).toHaveText('1 card selected');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bulk-bar')).toBeHidden();
  await a.close();
  await b.close();
});

test('a board created from the bug-tracking template starts with its columns and labels', async ({ page, context, baseURL }) => {
  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard/boards');
  await page.getByTestId('board-new').click();
  const dialog = page.getByTestId('board-create');
  await dialog.getByLabel('Name', { exact: true }).fill('Bugs from the template');
  await dialog.getByTestId('template-bugs').click();
  await expect(dialog.getByRole('radio', { name: /Bug tracking/ })).toBeChecked();
  await dialog.getByTestId('board-create-submit').click();
  await expect(page.getByTestId('board-title')).toHaveText('Bugs from the template');
  await expect(page.getByTestId('column').getByRole('heading')).toHaveText(['Reported', 'Triaged', 'Fixing', 'Verifying', 'Closed']);
  await expect(column(page, 'Fixing').getByTestId('column-count')).toContainText('of 5');
  await page.getByTestId('labels-open').click();
  for (const name of ['Critical', 'Major', 'Minor', 'Regression'])
    await expect(page.getByRole('dialog').getByText(name, { exact: true }).first()).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`boards pages have no axe violations at 360 px in the ${theme} theme`, async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const steps = [
      () => ready(page, '/dashboard/boards'),
      // The new-board dialog with its templates.
      async () => {
        await page.getByTestId('board-new').click();
        await expect(page.getByTestId('template-sprint')).toBeVisible();
      },
      () => openDemoBoard(page),
      // Swimlanes with a card selected: the lanes and the bulk bar.
      async () => {
        await choose(page, page.getByTestId('lanes-by'), 'By assignee');
        await expect(page.getByTestId('lane').first()).toBeVisible();
        await card(page, 'Review the help articles').focus();
        await page.keyboard.press('x');
        await expect(page.getByTestId('bulk-bar')).toBeVisible();
      },
    ];
    for (const step of steps) {
      await step();
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found, `${page.url()} (${theme})`).toEqual([]);
      // The page itself does not scroll sideways on a phone: only the columns strip (or the lanes) does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
}
