import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

test.describe('error page', () => {
  test('an unmatched path answers 404 with "Page not found: {path}"', async ({ page }) => {
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /no/such/page');
    await expect(page).toHaveTitle('Page not found · Atrio');
    // Without an active project, back home is the public home.
    await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/');
  });

  test('the 404 page is translated', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'es', url: baseURL! }]);
    await page.goto('/nada');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
    await expect(page.getByTestId('error-message')).toHaveText('Página no encontrada: /nada');
    await expect(page.getByTestId('error-home')).toHaveText('Volver al inicio');
  });

  test('an unknown help article is a 404 too', async ({ page }) => {
    const res = await page.goto('/help/no-such-article');
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Page not found: /help/no-such-article');
  });

  test('back home goes to the dashboard when a project is active', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Manager', baseURL!);
    await page.goto('/nothing-here');
    await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/dashboard');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('bots get the status without the error page', async ({ request }) => {
    const bot = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    for (const path of ['/no/such/page', '/help/no-such-article']) {
      const res = await request.get(path, { headers: bot, maxRedirects: 0 });
      expect(res.status(), path).toBe(404);
      expect((await res.body()).length, path).toBe(0);
    }
    // Real pages still render for bots.
    const ok = await request.get('/faq', { headers: bot });
    expect(ok.status()).toBe(200);
    expect(await ok.text()).toContain('FAQPage');
  });
});
