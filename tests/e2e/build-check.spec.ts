import { expect, test } from '@playwright/test';

test.describe('new-build check', () => {
  test('offers a reload once an hour when the server runs a newer build, guarded for 10 s', async ({ page }) => {
    await page.clock.install();
    // A deploy happened after this page was built: the server now reports another build id.
    await page.route('**/api/health', (route) =>
      route.fulfill({ json: { status: 'ok', buildId: 'a-newer-build', database: { kind: 'pglite', ok: true, latencyMs: 1 } } }),
    );
    await page.goto('/faq');
    // The hour counts from hydration (the check's timer starts in an effect), not from the load event.
    await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    const banner = page.getByRole('status').filter({ hasText: 'A new version is available' });

    await page.clock.runFor(3_599_000);
    await expect(banner).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(banner).toBeVisible();

    // Within 10 s of the last reload, the button does not reload again.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
      sessionStorage.setItem('atrio:reloaded-at', String(Date.now() - 5_000));
    });
    await banner.getByRole('button', { name: 'Reload' }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // Past the guard it reloads.
    await page.evaluate(() => sessionStorage.setItem('atrio:reloaded-at', String(Date.now() - 11_000)));
    await Promise.all([page.waitForEvent('load'), banner.getByRole('button', { name: 'Reload' }).click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });

  test('says nothing while the build is the same', async ({ page }) => {
    await page.clock.install();
    await page.goto('/faq');
    await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    await page.clock.runFor(3_601_000);
    await expect(page.getByText('A new version is available')).toHaveCount(0);
  });
});
