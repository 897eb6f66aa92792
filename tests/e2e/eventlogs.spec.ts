import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { choose, ready } from './support/page';

// Issue 17, event logs: visits to public and dashboard pages are recorded (in batches about two
// seconds apart), the access charts show today's counts, a day opens with its hours and raw
// events, and the CSV downloads; axe in both themes on a phone-wide screen.
test.describe.configure({ mode: 'serial' });
const expect = baseExpect.configure({ timeout: 10_000 });
const CHARTS = '/dashboard/extensions/event-logs/access-charts';
// The demo project keeps its default time zone, UTC.
const today = () => new Date().toISOString().slice(0, 10);
const batch = () => new Promise((r) => setTimeout(r, 3_000)); // the recorder writes every ~2 s

async function todaysPageViews(page: Page): Promise<number> {
  await ready(page, CHARTS);
  await page.getByTestId('days-table').locator('summary').click();
  const row = page
    .getByTestId('days-table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: today() }) });
  return Number(await row.getByRole('cell').nth(2).textContent());
}

test('visits are recorded, counted today, and listed with the day’s raw events and its CSV', async ({ browser, page, context, baseURL }) => {
  test.setTimeout(120_000); // two waits for a batch, on a machine that may be busy
  // A visitor who is not signed in opens a public page of the project.
  const anonymous = await browser.newContext();
  const visitor = await anonymous.newPage();
  await visitor.goto('/projects/demo/interview');
  await anonymous.close();

  await signInAs(context, 'Owner', baseURL!);
  await ready(page, '/dashboard');
  await page.getByTestId('sidebar').first().getByRole('link', { name: 'Access charts' }).click();
  await expect(page).toHaveURL(new RegExp(`${CHARTS}$`));
  await expect(page.getByTestId('charts-svg')).toBeVisible();
  await expect(page.getByTestId('charts-svg').getByTestId('chart-bar')).toHaveCount(30);
  await page.getByTestId('range-7').click();
  await expect(page.getByTestId('charts-svg').getByTestId('chart-bar')).toHaveCount(7);
  await expect(page.getByTestId('chart-previous')).toBeAttached();

  await batch();
  const before = await todaysPageViews(page);
  await ready(page, '/dashboard/boards');
  await batch();
  // The boards page and the charts page itself count: at least two more page views today.
  expect(await todaysPageViews(page)).toBeGreaterThanOrEqual(before + 2);
  await expect(page.getByTestId('total-pageViews')).not.toHaveText('0');

  // Today's bar opens the day.
  await page.getByTestId('charts-svg').getByTestId('chart-bar').last().click();
  await expect(page).toHaveURL(new RegExp(`${CHARTS}/${today()}$`));
  await expect(page.getByTestId('hours-svg')).toBeVisible();
  const events = page.getByTestId('events');
  await expect(events.getByTestId('event-row').filter({ hasText: '/dashboard/boards' }).filter({ hasText: 'Olivia Owner' }).first()).toBeVisible();
  await page.getByTestId('path-search').fill('/projects/demo');
  await expect(events.getByTestId('event-row').first()).toContainText('Anonymous');
  await page.getByTestId('path-search').fill('');
  await choose(page, page.getByTestId('kind-select'), 'API calls');
  await expect(events.getByTestId('event-row').first()).toContainText('/api/');
  await choose(page, page.getByTestId('kind-select'), 'Page views');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-download').click()]);
  expect(download.suggestedFilename()).toBe(`events-${today()}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('time_utc,local_time,kind,method,path,status,duration_ms,user,visitor,ip,user_agent,referrer');
  expect(csv).toContain(',page,GET,/dashboard/boards,200,');
  expect(csv).not.toContain(',api,');

  // A date that is not a real one is a 404.
  const res = await page.goto(`${CHARTS}/2026-02-30`);
  expect(res?.status()).toBe(404);
});

for (const theme of ['light', 'dark'] as const) {
  test(`event logs pages have no axe violations at 360 px in the ${theme} theme`, async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.setViewportSize({ width: 360, height: 740 });
    await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    for (const url of [CHARTS, `${CHARTS}/${today()}`]) {
      await ready(page, url);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found, `${url} (${theme})`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });
}
