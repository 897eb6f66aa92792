import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { person, signInAs, signInAsRoot } from './support/auth';
import { choose, ready } from './support/page';

// Issue 18, "Photomagik": root switches the image tool on for Demo Studio, whose demo styles,
// users and history are waiting; staff add and reorder styles (previews drawn by the local
// provider), grant credits, make an API key, and the project's app generates an image with it.
test.describe.configure({ mode: 'serial' });

const demoId = () => person('Owner').projectId;

async function toggle(browser: Browser, baseURL: string, enabled: boolean) {
  const root = await browser.newContext();
  await signInAsRoot(root, baseURL);
  const res = await root.request.post(`/api/root/projects/${demoId()}/extensions`, { data: { extension: 'photomagik', enabled } });
  expect(res.status(), await res.text()).toBe(200);
  await root.close();
}

test.beforeAll(async ({ browser, baseURL }) => toggle(browser, baseURL!, true));
// Other specs see Demo Studio as seeded.
test.afterAll(async ({ browser, baseURL }) => toggle(browser, baseURL!, false));

test('staff manage styles: a new one gets its preview drawn, and the keyboard reorders them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();

  await ready(page, '/dashboard/extensions/photomagik/styles/categories');
  await page.getByTestId('photomagik-category-new').click();
  await page.getByTestId('photomagik-category-name').fill('Illustration');
  await page.getByTestId('photomagik-category-save').click();
  await expect(page.getByText('Category “Illustration” created.')).toBeVisible();

  await ready(page, '/dashboard/extensions/photomagik/styles');
  const rows = page.getByTestId('photomagik-row');
  await expect(rows.filter({ hasText: 'Watercolour' }).getByRole('img', { name: 'Preview of Watercolour' })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('photomagik-style-new').click();
  const dialog = page.getByTestId('photomagik-style-dialog');
  await dialog.getByTestId('photomagik-style-name').fill('');
  await dialog.getByTestId('photomagik-style-save').click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByTestId('photomagik-style-name').fill('E2E pastel');
  await dialog.getByTestId('photomagik-style-promptTemplate').fill('a pastel drawing of {prompt}');
  await choose(page, dialog.getByTestId('photomagik-style-category'), 'Illustration');
  await dialog.getByTestId('photomagik-style-save').click();
  await expect(page.getByText('Style “E2E pastel” created.')).toBeVisible();
  const mine = rows.filter({ hasText: 'E2E pastel' });
  await expect(mine).toContainText('Illustration');
  await expect(mine.getByRole('img', { name: 'Preview of E2E pastel' })).toBeVisible({ timeout: 30_000 });

  // Keyboard drag: lift the new (last) style, move it up once, drop it.
  const before = await rows.allInnerTexts();
  expect(before.at(-1)).toContain('E2E pastel');
  await mine.getByRole('button', { name: 'Move “E2E pastel”' }).focus();
  // At a person's pace: dnd-kit measures between the keys.
  for (const key of ['Space', 'ArrowUp', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(150);
  }
  await expect(rows.nth(before.length - 2)).toContainText('E2E pastel');
  await ready(page, '/dashboard/extensions/photomagik/styles');
  await expect(rows.nth(before.length - 2)).toContainText('E2E pastel');
  await staff.close();
});

test('staff grant credits, and the project app generates with its API key until they run out', async ({ browser, baseURL, playwright }) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();

  await ready(page, '/dashboard/extensions/photomagik/users');
  const ana = page.getByTestId('photomagik-user-row').filter({ hasText: 'Ana Silva' });
  await expect(ana.getByTestId('photomagik-user-credits')).toHaveText('Credits: 0');
  await ana.getByTestId('photomagik-grant').click();
  await page.getByTestId('photomagik-credits-amount').fill('1');
  await page.getByTestId('photomagik-credits-save').click();
  await expect(page.getByText('Ana Silva now holds 1 credit.')).toBeVisible();
  await expect(ana.getByTestId('photomagik-user-credits')).toHaveText('Credits: 1');

  // The demo history shows real images.
  await page.getByTestId('photomagik-user-row').filter({ hasText: 'Lucía Pérez' }).getByRole('button', { name: 'History of Lucía Pérez' }).click();
  const history = page.getByTestId('photomagik-history-dialog');
  const firstImage = history.getByRole('img').first();
  await expect(firstImage).toBeVisible();
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(512);
  await page.keyboard.press('Escape');

  await ready(page, '/dashboard/extensions/photomagik/overview');
  await expect(page.getByTestId('photomagik-total')).not.toHaveText('0');
  await page.getByTestId('photomagik-key-create').click();
  const secret = (await page.getByTestId('photomagik-key-secret').innerText()).trim();
  expect(secret).toMatch(/^pmk_/);

  const stylesRes = await staff.request.get('/api/photomagik/styles');
  const style = ((await stylesRes.json()) as { styles: { id: string; name: string }[] }).styles.find((s) => s.name === 'Watercolour')!;
  const app = await playwright.request.newContext({ baseURL });
  const call = () =>
    app.post('/api/projects/demo/photomagik/generate', {
      headers: { authorization: `Bearer ${secret}` },
      data: { user: 'customer-103', style: style.id, prompt: 'a paper boat' },
    });
  const queued = await call();
  expect(queued.status(), await queued.text()).toBe(202);
  const { generation } = (await queued.json()) as { generation: { url: string; credits: number } };
  expect(generation.credits).toBe(0);
  await expect
    .poll(
      async () =>
        ((await (await app.get(generation.url, { headers: { authorization: `Bearer ${secret}` } })).json()) as { generation: { status: string } }).generation
          .status,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
  const image = await app.get(`${generation.url}?image=1`, { headers: { authorization: `Bearer ${secret}` } });
  expect(image.headers()['content-type']).toBe('image/webp');
  const refused = await call();
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { message: string }).message).toBe('This user has no credits left.');
  expect((await app.post('/api/projects/demo/photomagik/generate', { data: { user: 'x', style: style.id, prompt: 'p' } })).status()).toBe(401);
  await app.dispose();
  await staff.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the image tool pages have no axe violations at 360 px in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const check = async (page: Page, label: string) => {
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found, label).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);
    };
    const staff = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInAs(staff, 'Owner', baseURL!);
    await staff.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const page = await staff.newPage();
    for (const path of ['styles', 'styles/categories', 'users', 'overview']) {
      await ready(page, `/dashboard/extensions/photomagik/${path}`);
      await check(page, `${path} (${theme})`);
    }
    await staff.close();
  });
}
