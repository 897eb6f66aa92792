import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { devices, expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/auth';
import { solveCaptcha } from './support/captcha';
import { choose, ready } from './support/page';

// Issue 16, "Interviews": staff publish an interview, an anonymous visitor answers it on a
// phone, staff see the response arrive live and export it.
test.describe.configure({ mode: 'serial' });

const slug = `e2e-${Date.now().toString(36)}`;

test('staff publish, a visitor answers on a phone, staff see it live and export it', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();

  // Create, with two questions, and publish.
  await ready(page, '/dashboard/interviews');
  await page.getByTestId('interview-new').click();
  const dialog = page.getByTestId('interview-settings');
  await dialog.getByLabel('Title').fill('Phone survey');
  await dialog.getByLabel('Address').fill(slug);
  await dialog.getByTestId('interview-save').click();
  await expect(dialog).toBeHidden();
  // Created: its questions open at once, empty, ready for the first one.
  await expect(page).toHaveURL(/\/dashboard\/interviews\/[0-9a-f-]+\/questions$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Phone survey');
  await page.getByTestId('question-add').click();
  await page.getByTestId('question-title').last().fill('Your name');
  await page.getByTestId('question-add').click();
  const second = page.getByTestId('question-card').last();
  await second.getByTestId('question-title').fill('Favourite colour');
  await second.getByTestId('question-type').click();
  await page.getByRole('option', { name: 'Single choice' }).click();
  await second.getByTestId('question-options').fill('Red, of course\nBlue');
  // Keyboard reordering: lift the second question, move it up, drop it.
  await second.getByTestId('question-handle').focus();
  // dnd-kit listens for the moving keys a tick after the pick-up: paced like a person.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowUp');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect(page.getByTestId('question-title').first()).toHaveValue('Favourite colour');
  await page.getByTestId('questions-save').click();
  await expect(page.getByText('Questions saved.').first()).toBeVisible();
  await ready(page, '/dashboard/interviews');
  await page.getByTestId('interview-row').filter({ hasText: 'Phone survey' }).getByTestId('interview-publish').click();
  await expect(page.getByTestId('interview-row').filter({ hasText: 'Phone survey' }).getByTestId('interview-status')).toHaveText('Published');

  // Staff watch the responses page.
  await page.getByTestId('interview-row').filter({ hasText: 'Phone survey' }).getByTestId('interview-responses').click();
  await expect(page.getByTestId('responses-total')).toHaveText('0 responses');
  await expect(page.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');

  // An anonymous visitor on a phone: one question per step.
  const phone = await browser.newContext({ ...devices['Pixel 7'], locale: 'en-US' });
  const visitor = await phone.newPage();
  await visitor.goto(`/projects/demo/interview?i=${slug}&campaign=spring`);
  await expect(visitor.getByRole('heading', { name: 'Phone survey' })).toBeVisible();
  await visitor.getByLabel('Red, of course').check();
  await expect(visitor.getByLabel('Your name')).toBeHidden();
  await visitor.getByTestId('interview-next').click();
  await visitor.getByLabel('Your name').fill('Ana, "the tester"');
  await solveCaptcha(visitor);
  await visitor.getByTestId('interview-submit').click();
  await expect(visitor.getByText('Thank you!')).toBeVisible();

  // Live, without a reload.
  await expect(page.getByTestId('responses-total')).toHaveText('1 response', { timeout: 15_000 });
  await expect(page.getByTestId('response-row')).toContainText('Ana, "the tester"');
  // A short-text question's summary card shows what was answered, not just how many.
  await expect(page.getByTestId('summary-latest')).toContainText('Ana, "the tester"');
  // The funnel, live too: one sent response (a draft saved on the way may count as a second respondent), a row per question.
  await expect(page.getByTestId('funnel-totals')).toContainText('1 sent their answers');
  await expect(page.getByTestId('funnel-row')).toHaveCount(2);
  await page.getByTestId('response-view').click();
  await expect(page.getByTestId('response-dialog')).toContainText('Red, of course');
  await page.keyboard.press('Escape');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('responses-export').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Favourite colour,Your name');
  expect(csv).toContain('"Ana, ""the tester"""');

  // Closed: the visitor's link now says so plainly (not a 404, not an error).
  await ready(page, '/dashboard/interviews');
  await page.getByTestId('interview-row').filter({ hasText: 'Phone survey' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('interview-row').filter({ hasText: 'Phone survey' }).getByTestId('interview-status')).toHaveText('Closed');
  const closed = await visitor.goto(`/projects/demo/interview?i=${slug}`);
  expect(closed?.status()).toBe(200);
  await expect(visitor.getByText('This interview is closed')).toBeVisible();
  await phone.close();
  await staff.close();
});

test('the question editor previews the respondent’s form beside it, following skip rules as they are edited, and sends nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/interviews/respond') && sent.push(r.url()));

  await ready(page, '/dashboard/interviews');
  await page.getByTestId('interview-new').click();
  const dialog = page.getByTestId('interview-settings');
  await dialog.getByLabel('Title').fill('Preview survey');
  await dialog.getByLabel('Address').fill(`${slug}-preview`);
  await dialog.getByTestId('interview-save').click();
  await expect(page).toHaveURL(/\/questions$/);
  const preview = page.getByTestId('interview-preview');
  await expect(preview).toContainText('Add a question');

  await page.getByTestId('question-add').click();
  const first = page.getByTestId('question-card').first();
  await first.getByTestId('question-title').fill('Coffee or tea?');
  await first.getByTestId('question-type').click();
  await page.getByRole('option', { name: 'Single choice' }).click();
  await first.getByTestId('question-options').fill('Coffee\nTea');
  for (const title of ['Which roast?', 'Anything else?']) {
    await page.getByTestId('question-add').click();
    await page.getByTestId('question-title').last().fill(title);
  }
  // Typed in the editor, shown at once as respondents see it.
  await expect(preview.getByText('Which roast?')).toBeVisible();
  await expect(preview.getByText('Anything else?')).toBeVisible();

  // A rule: "Tea" ends the interview. Answering Tea in the preview walks it.
  await first.getByTestId('skip-add').click();
  await choose(page, first.getByLabel('If the answer is'), 'Tea');
  await preview.getByRole('radio', { name: 'Tea', exact: true }).check();
  await expect(preview.getByText('Which roast?')).toBeHidden();
  await expect(preview.getByText('Anything else?')).toBeHidden();
  await expect(preview.getByTestId('preview-path')).toHaveText('1 question on this path, 2 skipped by the rules');
  // The rule edited to jump to the last question instead: the preview follows without a new answer.
  await choose(page, first.getByLabel('go to'), 'Anything else?');
  await expect(preview.getByText('Anything else?')).toBeVisible();
  await expect(preview.getByText('Which roast?')).toBeHidden();
  await preview.getByRole('radio', { name: 'Coffee', exact: true }).check();
  await expect(preview.getByText('Which roast?')).toBeVisible();
  await preview.getByLabel(/Which roast/).fill('Dark');
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(preview.getByLabel(/Which roast/)).toHaveValue('');

  // A phone: a tab switches between the editor and the preview.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(preview).toBeHidden();
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(preview).toBeVisible();
  await expect(page.getByTestId('question-card').first()).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole('tab', { name: 'Questions' }).click();
  await expect(page.getByTestId('question-card').first()).toBeVisible();

  await page.getByTestId('questions-save').click();
  await expect(page.getByText('Questions saved.').first()).toBeVisible();
  expect(sent).toEqual([]);
  await staff.close();
});

test('the public page works without JavaScript and shows a clear page once closed', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/projects/demo/interview');
  await expect(page.getByRole('heading', { name: 'Tell us about your visit' })).toBeVisible();
  const robots = await page.locator('meta[name="robots"]').getAttribute('content');
  expect(robots).toContain('noindex');
  await page.getByRole('radio', { name: 'A friend', exact: true }).check();
  // The scale's radios are visually hidden inside their chips: a person presses the chip.
  const chip = (name: string) => page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });
  await chip('5 of 5').click();
  await chip('10').click();
  await expect(page.getByRole('radio', { name: '10', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
  const unknown = await page.goto('/projects/no-such-project-here/interview');
  expect(unknown?.status()).toBe(404);
  await context.close();

  // Staff see that answer as sent without the human check, and can leave such answers out.
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const desk = await staff.newPage();
  await ready(desk, '/dashboard/interviews');
  await desk.getByTestId('interview-row').filter({ hasText: 'Tell us about your visit' }).getByTestId('interview-responses').click();
  await expect(desk.getByTestId('response-unchecked').first()).toHaveText('No human check');
  await expect(desk.getByTestId('responses-unchecked')).toContainText('sent without the human check');
  await choose(desk, desk.getByTestId('responses-human'), 'Passed the check');
  await expect(desk.getByTestId('responses-unchecked')).toBeHidden();
  await expect(desk.getByTestId('response-row').first()).toBeVisible();
  await expect(desk.getByTestId('response-unchecked')).toHaveCount(0);
  await expect(desk.getByTestId('responses-export')).toHaveAttribute('href', /human=checked/);
  await staff.close();
});

test('"Send answers" clicked while the human check still runs is kept: one click sends', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  // The widget's state when the click lands, read before any handler runs.
  await page.addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        if (!(event.target as Element).closest('[data-testid="interview-submit"]')) return;
        const state = document.querySelector('[data-testid="captcha-field"] [data-state]')?.getAttribute('data-state');
        sessionStorage.setItem('stateAtClick', state ?? 'none');
      },
      true,
    );
  });
  // The challenge is held back until the answers are in, so the check runs when they are sent.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/captcha', async (route) => {
    await held;
    await route.continue();
  });
  await ready(page, '/projects/demo/interview');
  await page.getByRole('radio', { name: 'A friend', exact: true }).check();
  const chip = (name: string) => page.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });
  await chip('5 of 5').click();
  await chip('10').click();
  release();
  await page.getByTestId('captcha-field').locator('[data-state="verifying"]').waitFor({ state: 'attached', timeout: 15_000 });
  await page.getByTestId('interview-submit').click();

  await expect(page.getByText('Thank you!', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => sessionStorage.getItem('stateAtClick'))).toBe('verifying');
  await context.close();
});

// The module's pages, axe-clean in both themes (as a11y.spec.ts checks the others).
for (const theme of ['light', 'dark'] as const) {
  test(`the interview pages have no axe violations in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const check = async (page: Page, label: string) => {
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found, label).toEqual([]);
    };
    const guest = await browser.newContext();
    await guest.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const visitor = await guest.newPage();
    await ready(visitor, '/projects/demo/interview');
    await check(visitor, `public (${theme})`);
    await guest.close();

    const staff = await browser.newContext();
    await signInAs(staff, 'Owner', baseURL!);
    await staff.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const page = await staff.newPage();
    await ready(page, '/dashboard/interviews');
    await check(page, `list (${theme})`);
    const demo = page.getByTestId('interview-row').filter({ hasText: 'Tell us about your visit' });
    await demo.getByTestId('interview-responses').click();
    await expect(page.getByTestId('summary')).toBeVisible();
    await check(page, `responses (${theme})`);
    await ready(page, '/dashboard/interviews');
    await page.getByTestId('interview-row').filter({ hasText: 'Tell us about your visit' }).getByTestId('interview-questions').click();
    await expect(page.getByTestId('question-card').first()).toBeVisible();
    await check(page, `questions (${theme})`);
    await staff.close();
  });
}
