import { expect, test } from '@playwright/test';
import { signInAs } from './support/auth';

// Each pair: the English and the Spanish path of one page, and a heading each shows.
const PUBLIC_PAIRS = [
  { en: '/faq', es: '/preguntas-frecuentes', h1: { en: 'Frequently asked questions', es: 'Preguntas frecuentes' } },
  { en: '/register', es: '/registro', h1: { en: 'Create your account', es: 'Crea tu cuenta' } },
  { en: '/email-confirmation', es: '/confirmacion-email', h1: { en: 'Confirm your email', es: 'Confirma tu correo' } },
  { en: '/help/getting-started', es: '/ayuda/primeros-pasos', h1: { en: 'Getting started with Atrio', es: 'Primeros pasos con Atrio' } },
] as const;

test.describe('localized paths', () => {
  for (const pair of PUBLIC_PAIRS) {
    test(`${pair.en} and ${pair.es} render in their own language`, async ({ page, context, baseURL }) => {
      // The visitor's stored choice is the other language: the path still decides.
      await context.addCookies([{ name: 'NEXT_LOCALE', value: 'es', url: baseURL! }]);
      await page.goto(pair.en);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pair.h1.en);
      await expect(page).toHaveTitle(`${pair.h1.en} · Atrio`);

      await context.addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseURL! }]);
      await page.goto(pair.es);
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pair.h1.es);
      await expect(page).toHaveTitle(`${pair.h1.es} · Atrio`);
    });
  }

  test('request-project and account tabs have both paths too', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    await page.goto('/request-project');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a project');
    await page.goto('/solicitar-proyecto');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitar un proyecto');
    for (const [path, lang, title] of [
      ['/account/general', 'en', 'General'],
      ['/account/security', 'en', 'Security'],
      ['/account/projects', 'en', 'Projects'],
      ['/cuenta/general', 'es', 'General'],
      ['/cuenta/seguridad', 'es', 'Seguridad'],
      ['/cuenta/proyectos', 'es', 'Proyectos'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByTestId('account-tab-title')).toHaveText(title);
    }
    // /account opens its first tab in the page's language.
    await page.goto('/cuenta');
    await expect(page).toHaveURL(/\/cuenta\/general$/);
  });

  test('a tab outside the three is a 404', async ({ page, context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    for (const path of ['/account/billing', '/cuenta/security', '/account/seguridad']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByTestId('error-message')).toContainText(path);
    }
  });

  test('the home page follows the stored language, else the browser', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.addCookies([{ name: 'NEXT_LOCALE', value: 'es', url: baseURL! }]);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gestiona cada proyecto desde un solo lugar tranquilo');
  });

  test('the language switch stores the choice and lands on the other path', async ({ page, context }) => {
    await page.goto('/faq');
    await page.getByTestId('language-es').click();
    await expect(page).toHaveURL(/\/preguntas-frecuentes$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect((await context.cookies()).find((c) => c.name === 'NEXT_LOCALE')?.value).toBe('es');

    // A help article's slug is translated too.
    await page.goto('/ayuda/primeros-pasos');
    await page.getByTestId('language-en').click();
    await expect(page).toHaveURL(/\/help\/getting-started$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started with Atrio');
  });

  test('public pages carry hreflang alternates and the FAQ its structured data', async ({ page }) => {
    await page.goto('/preguntas-frecuentes');
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /\/faq$/);
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/preguntas-frecuentes$/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/preguntas-frecuentes$/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld['@type']).toBe('FAQPage');
    expect(ld.inLanguage).toBe('es');
    expect(ld.mainEntity.length).toBeGreaterThan(5);
    expect(ld.mainEntity[0].acceptedAnswer.text).not.toContain('**');

    await page.goto('/help/getting-started');
    await expect(page.locator('link[rel="alternate"][hreflang="es"]')).toHaveAttribute('href', /\/ayuda\/primeros-pasos$/);
  });

  test('the Spanish home has its own URL, hreflang and Open Graph card; the sign-in pages a description', async ({ page, request }) => {
    await page.goto('/inicio');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/inicio$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute('href', /:\d+\/$|\.[a-z]+\/$/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'es_ES');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/inicio$/);
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.locator('meta[name="description"]'), path).toHaveAttribute('content', /.{20,}/);
    }
    const head = await request.head('/faq');
    expect(head.status()).toBe(200);
    expect((await request.get('/')).headers()['vary']).toContain('Accept-Language');
  });

  test('sitemap and robots list the public pages in both languages', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of ['/faq', '/preguntas-frecuentes', '/help/getting-started', '/ayuda/primeros-pasos']) expect(sitemap).toContain(path + '</loc>');
    expect(sitemap.match(/<loc>[^<]*<\/loc>/g)?.filter((loc) => /:\/\/[^/]+\/<\/loc>$/.test(loc))).toHaveLength(1);
    expect(sitemap).toContain('/inicio</loc>');
    expect(sitemap).toContain('hreflang="es"');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap:');
    expect(robots).toContain('Disallow: /dashboard');
  });
});

test("a file input speaks the page's language, and its button opens the picker by pointer and by keyboard", async ({ page, context, baseURL }) => {
  // The browser here is English; the page is Spanish. A native file input would say "Choose File".
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'es', url: baseURL! }]);
  await signInAs(context, 'Owner', baseURL!);
  await page.goto('/dashboard/settings/general');
  const logo = page.getByRole('button', { name: /^Logo\b/ });
  await expect(logo).toHaveAccessibleDescription(/Ningún archivo elegido/);

  const byPointer = page.waitForEvent('filechooser');
  await page.getByText('Elegir archivo', { exact: true }).click();
  const chooser = await byPointer;
  await chooser.setFiles({ name: 'marca.png', mimeType: 'image/png', buffer: Buffer.from(PIXEL, 'base64') });
  await expect(page.getByText('marca.png', { exact: true })).toBeVisible();
  await expect(logo).toHaveAccessibleDescription(/marca\.png/);

  const byKeyboard = page.waitForEvent('filechooser');
  await logo.focus();
  await page.keyboard.press('Space');
  expect((await byKeyboard).isMultiple()).toBe(false);
});

const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
