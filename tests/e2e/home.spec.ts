import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { person, signInAs } from './support/auth';
import { ready } from './support/page';

// Issue 19, home: the dashboard shows what needs the viewer, live over the socket, and
// each figure opens its filtered list.
type Summary = { id: string; subject: string; status: string; assignee: { id: string } | null };

async function axeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
  expect(found, label).toEqual([]);
}

test('a figure shows, changes live when a request is assigned elsewhere, and opens the filtered list', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const support = person('Support');
  const viewer = await browser.newContext();
  const manager = await browser.newContext();
  await signInAs(viewer, 'Support', baseURL!);
  await signInAs(manager, 'Manager', baseURL!);

  // An open request the Support user does not hold yet.
  const list = await manager.request.get('/api/requests?view=open&size=50');
  expect(list.status()).toBe(200);
  const items = ((await list.json()) as { data: { items: Summary[] } }).data.items;
  const target = items.find((r) => r.assignee?.id !== support.userId)!;
  expect(target, 'the demo data has an open request not assigned to Support').toBeTruthy();

  const page = await viewer.newPage();
  await ready(page, '/dashboard');
  const figure = page.getByTestId('attention-assignedRequests');
  await expect(figure).toBeVisible();
  const before = Number(await figure.getAttribute('data-count'));
  // A profile without a permission gets no item: Support does not see invoices.
  await expect(page.getByTestId('attention-invoicesDue')).toHaveCount(0);
  await expect(page.getByTestId('activity').or(page.getByText('Nothing has happened in this project yet.'))).toBeVisible();
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');

  try {
    const patched = await manager.request.patch(`/api/requests/${target.id}`, { data: { assigneeId: support.userId } });
    expect(patched.status(), await patched.text()).toBe(200);
    // Live: no reload.
    await expect(figure).toHaveAttribute('data-count', String(before + 1));
    await expect(figure).toContainText(String(before + 1));
    // The sidebar's Requests entry carries the same count, with a text for screen readers.
    const nav = page.getByTestId('sidebar').getByRole('link', { name: /Requests/ });
    await expect(nav).toContainText(`${before + 1} assigned to you`);

    // The figure opens the list on the viewer's own view without the solved ones: as many
    // requests as the figure counts, the new one among them.
    await figure.click();
    await expect(page).toHaveURL(/\/dashboard\/requests\?view=mine&status=unsolved$/);
    await expect(page.getByRole('button', { name: 'Assigned to me', pressed: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Not solved');
    await expect(page.getByText(before + 1 === 1 ? '1 request' : `${before + 1} requests`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('requests-list').getByRole('link', { name: target.subject })).toBeVisible();
  } finally {
    await manager.request.patch(`/api/requests/${target.id}`, { data: { assigneeId: target.assignee?.id ?? null } });
    // Leave the list's saved view as other specs expect it.
    await page.evaluate(() => localStorage.removeItem('atrio.requests.filters'));
  }
  await viewer.close();
  await manager.close();
});

test('the home is usable at 360 px in the dark theme, keyboard first', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
  await signInAs(context, 'Manager', baseURL!);
  const page = await context.newPage();
  await ready(page, '/dashboard');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId('attention')).toBeVisible();
  // No sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Every figure is a link reachable by keyboard.
  const first = page.getByTestId('attention').getByRole('link').first();
  await first.focus();
  await expect(first).toBeFocused();
  await axeClean(page, 'dashboard home, 360 px, dark');
  await context.close();
});
