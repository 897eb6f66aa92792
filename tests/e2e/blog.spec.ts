import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAs } from './support/auth';
import { choose, ready } from './support/page';

// Issue 17, "Blog": staff write a post with a cover and a live preview, publish it, and
// anyone reads it on the project's public blog (with its Open Graph card) and in the feed;
// an edit made on an older version is refused; a scheduled post shows once its time comes.
test.describe.configure({ mode: 'serial' });

const slug = `e2e-${Date.now().toString(36)}`;

async function cover(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 160, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
}

test('staff write, preview and publish a post; readers see it with its card and in RSS', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();

  await ready(page, '/dashboard/extensions/blog/posts');
  await expect(page.getByTestId('blog-row').filter({ hasText: 'Writing good alt text' })).toBeVisible();
  await page.getByTestId('blog-new').click();
  const dialog = page.getByTestId('blog-new-dialog');
  await dialog.getByLabel('Title').fill('Our e2e announcement');
  await dialog.getByLabel('Address').fill(slug);
  await dialog.getByTestId('blog-create').click();
  await expect(page).toHaveURL(/\/dashboard\/extensions\/blog\/posts\/[0-9a-f-]{36}$/);
  await expect(page.locator('html[data-ready="1"]')).toBeAttached();

  // The preview is the server's sanitizing renderer, a moment after typing.
  await page.getByTestId('blog-body').fill('Hello **bold world**\n\n<script>window.bad = 1</script>');
  await expect(page.getByTestId('blog-preview').locator('strong')).toHaveText('bold world');
  await expect(page.getByTestId('blog-preview').locator('script')).toHaveCount(0);

  // Reading time follows the text as it is typed.
  await expect(page.getByTestId('blog-editor-reading-time')).toHaveText('1 minute read');
  await page.getByTestId('blog-body').fill(`Hello **bold world**\n\n${'lorem '.repeat(480)}\n\n`);
  await expect(page.getByTestId('blog-editor-reading-time')).toHaveText('3 minutes read');

  // An image by the picker: described first (the description is required), uploaded, inserted as Markdown.
  await page.getByTestId('blog-image-input').setInputFiles({ name: 'square.png', mimeType: 'image/png', buffer: await cover() });
  const imageDialog = page.getByTestId('blog-image-dialog');
  await imageDialog.getByTestId('blog-image-insert').click();
  await expect(imageDialog.getByTestId('field-error')).toHaveText('This field is required.');
  await imageDialog.getByTestId('blog-image-alt').fill('A blue banner in the text');
  await imageDialog.getByTestId('blog-image-insert').click();
  await expect(imageDialog).toBeHidden();
  await expect(page.getByTestId('blog-body')).toHaveValue(/!\[A blue banner in the text\]\(\/api\/files\/public\/blog\/[^)]+\.webp\)/);
  await expect(page.getByTestId('blog-preview').locator('img')).toHaveAttribute('alt', 'A blue banner in the text');
  // And by pasting one into the text.
  const pasted = (await cover()).toString('base64');
  await page.getByTestId('blog-body').evaluate((el, b64) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, pasted);
  await imageDialog.getByTestId('blog-image-alt').fill('A pasted chart');
  await imageDialog.getByTestId('blog-image-insert').click();
  await expect(imageDialog).toBeHidden();
  await expect(page.getByTestId('blog-preview').locator('img')).toHaveCount(2);
  // Written by hand without a description: the save is refused and says why.
  await page.getByTestId('blog-body').press('End');
  await page.getByTestId('blog-body').pressSequentially(' ![](/nowhere.png)');
  await page.getByTestId('blog-save').click();
  await expect(page.getByText('An image has no description').first()).toBeVisible();
  await page.getByTestId('blog-body').fill((await page.getByTestId('blog-body').inputValue()).replace(' ![](/nowhere.png)', ''));

  await page.getByTestId('blog-cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await cover() });
  await expect(page.getByTestId('blog-cover-image')).toHaveAttribute('src', /\/api\/files\/public\/blog\/.+\.webp$/);
  await page.getByTestId('blog-cover-alt').fill('A blue banner');
  await page.getByLabel('Excerpt').fill('Short and sweet.');
  await page.getByRole('checkbox', { name: 'News', exact: true }).check();
  await choose(page, page.getByTestId('blog-status-select'), 'Published');
  await page.getByTestId('blog-save').click();
  await expect(page.getByText('The post “Our e2e announcement” was saved.')).toBeVisible();
  await expect(page.getByTestId('blog-status').first()).toHaveText('Published');

  // A second tab still holds version 2: its save is refused, the first save stands.
  const stale = await staff.newPage();
  await ready(stale, page.url());
  await page.getByTestId('blog-title').fill('Our e2e announcement, edited');
  await page.getByTestId('blog-save').click();
  await expect(page.getByText('The post “Our e2e announcement, edited” was saved.')).toBeVisible();
  await stale.getByTestId('blog-title').fill('Overwrite attempt');
  await stale.getByTestId('blog-save').click();
  await expect(stale.getByTestId('notice-error')).toContainText('Someone else saved this post after you opened it');
  await stale.getByTestId('blog-reload').click();
  await expect(stale.getByTestId('blog-title')).toHaveValue('Our e2e announcement, edited');
  await staff.close();

  // Anyone: the list, the post with its Open Graph card and JSON-LD, the feed.
  const reader = await browser.newContext();
  const visitor = await reader.newPage();
  await ready(visitor, '/projects/demo/blog');
  await visitor.getByRole('link', { name: 'Our e2e announcement, edited' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/projects/demo/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Our e2e announcement, edited');
  await expect(visitor.locator('article strong')).toHaveText('bold world');
  await expect(visitor.getByTestId('blog-public-cover')).toHaveAttribute('alt', 'A blue banner');
  await expect(visitor.locator('article img[alt="A pasted chart"]')).toBeVisible();
  await expect(visitor.getByTestId('blog-reading-time')).toHaveText('3 minutes read');
  // The card as a crawler reads it: a full load (a client-side visit keeps the list's head a moment).
  await ready(visitor, `/projects/demo/blog/${slug}`);
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Our e2e announcement, edited');
  await expect(visitor.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/api\/files\/public\/blog\/.+\.webp$/);
  const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld).toMatchObject({ '@type': 'BlogPosting', headline: 'Our e2e announcement, edited' });
  const img = await visitor.request.get((await visitor.getByTestId('blog-public-cover').getAttribute('src'))!);
  expect(img.headers()['content-type']).toBe('image/webp');
  const feed = await visitor.request.get('/projects/demo/blog/rss.xml');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain(`/projects/demo/blog/${slug}</link>`);
  const api = await visitor.request.get('/api/public/projects/demo/posts');
  expect((await api.json()).posts.some((p: { slug: string }) => p.slug === slug)).toBe(true);
  // The draft stays private.
  expect((await visitor.request.get('/projects/demo/blog/spring-offers')).status()).toBe(404);
  await reader.close();
});

test('a scheduled post appears on the public blog once its time has come', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  await signInAs(staff, 'Owner', baseURL!);
  const page = await staff.newPage();
  await ready(page, '/dashboard/extensions/blog/posts');
  const later = `${slug}-later`;
  const created = await page.request.post('/api/blog/posts', {
    data: { title: 'Scheduled e2e post', slug: later, status: 'scheduled', publishAt: new Date(Date.now() + 3_000).toISOString() },
  });
  expect(created.status()).toBe(201);
  expect((await page.request.get(`/api/public/projects/demo/posts/${later}`)).status()).toBe(404);
  // The scheduler runs every few seconds; the JSON API reads afresh, the page within its revalidation.
  await expect.poll(async () => (await page.request.get(`/api/public/projects/demo/posts/${later}`)).status(), { timeout: 30_000 }).toBe(200);
  await expect
    .poll(async () => (await page.request.get('/projects/demo/blog')).text(), { timeout: 60_000, intervals: [2_000] })
    .toContain('Scheduled e2e post');
  await staff.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the blog pages have no axe violations in the ${theme} theme`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const check = async (page: Page, label: string) => {
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
      expect(found, label).toEqual([]);
    };
    const staff = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await signInAs(staff, 'Owner', baseURL!);
    await staff.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
    const page = await staff.newPage();
    await ready(page, '/dashboard/extensions/blog/posts');
    await check(page, `posts (${theme})`);
    await page.getByTestId('blog-row').filter({ hasText: 'Writing good alt text' }).getByTestId('blog-edit').click();
    await expect(page.getByTestId('blog-editor')).toBeVisible();
    await check(page, `editor (${theme})`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await ready(page, '/dashboard/extensions/blog/categories');
    await check(page, `categories (${theme})`);
    await ready(page, '/projects/demo/blog/writing-good-alt-text');
    await check(page, `public post (${theme})`);
    await staff.close();
  });
}
