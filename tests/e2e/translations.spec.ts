import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { extensions, type Extension } from '../../lib/access/extensions';
import { matchPath, pathFor } from '../../lib/routes/match';
import { locales, routes, type Locale, type RouteDef, type RouteName } from '../../lib/routes/table';
import { person, signInAs, signInAsRoot } from './support/auth';

// Every page of the route table, in both languages, signed out, as the owner with every
// extension on and as root: no raw message key on screen (in text, labels, placeholders and
// titles) and no message the page lacks (useText says "Missing message:" in the console).
// Pages with an id in their path are reached through the links the others show, so a new
// page is covered as soon as it is in the table; one that cannot be reached fails the last test.
test.describe.configure({ mode: 'serial' });

type Who = 'visitor' | 'owner' | 'root';
const WHO: Record<RouteDef['guard'], Who> = { public: 'visitor', noAuth: 'visitor', auth: 'owner', connected: 'owner', root: 'root' };
/** Pages left out, each with the reason. */
const SKIPPED: Partial<Record<RouteName, string>> = { logout: 'it ends the session the walk is using' };

/** Every dotted key of the catalogue, and the namespaces with their first-level keys. */
function catalogue(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    v && typeof v === 'object' ? [`${prefix}${k}`, ...catalogue(v as Record<string, unknown>, `${prefix}${k}.`)] : [`${prefix}${k}`],
  );
}
const en = JSON.parse(readFileSync(new URL('../../messages/en.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const KEYS = new Set(catalogue(en));
const NAMESPACES = new Set(Object.keys(en));

/**
 * Words of the page that are message keys, as a missing message is printed: `namespace.key`
 * where the key is in the catalogue, or reads like one (camelCase, as no address does).
 */
function rawKeys(text: string): string[] {
  const found = new Set<string>();
  for (const [word, ns] of text.matchAll(/(?<![\w@/.-])([a-z][A-Za-z]*)(?:\.[A-Za-z_][\w-]*)+(?![\w@/-])/g)) {
    const parts = word.split('.');
    const known = KEYS.has(word) || KEYS.has(parts.slice(0, 2).join('.'));
    if (NAMESPACES.has(ns) && (known || /[a-z][A-Z]/.test(parts.at(-1)!))) found.add(word);
  }
  return [...found];
}

const visited = new Map<string, Set<Locale>>();
const waiting: { name: RouteName; params: Record<string, string> }[] = [];

/** The route table's pages one person opens: static ones, and each tab a segment allows. */
function startingPages(who: Who): { name: RouteName; params: Record<string, string> }[] {
  return (Object.entries(routes) as [RouteName, RouteDef][])
    .filter(([name, route]) => WHO[route.guard] === who && !SKIPPED[name])
    .flatMap(([name, route]) => {
      const dynamic = [...route.path.matchAll(/\[(\w+)\]/g)].map((m) => m[1]);
      if (dynamic.length === 0) return [{ name, params: {} }];
      const [key] = dynamic;
      const allowed = dynamic.length === 1 ? route.params?.[key] : undefined;
      return allowed ? Object.keys(allowed).map((value) => ({ name, params: { [key]: value } })) : [];
    });
}

async function walk(page: Page, who: Who, locale: Locale) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('Missing message:')) problems.push(`${page.url()}: ${msg.text()}`);
  });
  const queue = [...startingPages(who), ...waiting.filter((w) => WHO[routes[w.name].guard] === who)];
  const done = new Set<RouteName | string>();
  while (queue.length) {
    const { name, params } = queue.shift()!;
    const url = pathFor(name, locale, params);
    if (done.has(url)) continue;
    done.add(url);
    await page.goto(url);
    // Hydrated: the client's text is there too.
    await expect(page.locator('html[data-ready="1"]'), url).toBeAttached({ timeout: 15_000 });
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    await expect(page.locator('html'), url).toHaveAttribute('lang', locale);
    const text = await page.evaluate(() => {
      const attributes = [...document.querySelectorAll('[aria-label],[placeholder],[title],[alt],[aria-roledescription]')].flatMap((el) =>
        ['aria-label', 'placeholder', 'title', 'alt', 'aria-roledescription'].map((a) => el.getAttribute(a) ?? ''),
      );
      // Identifiers shown as code (an audit entry's action) are data, not text to translate.
      let body = document.body.innerText;
      for (const code of document.querySelectorAll('code')) if (code.textContent) body = body.split(code.textContent).join(' ');
      return [document.title, body, ...attributes].join('\n');
    });
    for (const key of rawKeys(text)) problems.push(`${url}: ${key}`);
    if (!visited.has(name)) visited.set(name, new Set());
    visited.get(name)!.add(locale);
    // A page with an id opens its sub-pages with the same id (an invoice's pay page), whether
    // or not the data of the day shows a link to them.
    if (params && Object.keys(params).length)
      for (const [sub, def] of Object.entries(routes) as [RouteName, RouteDef][]) {
        const sameIds = [...def.path.matchAll(/\[(\w+)\]/g)].length === Object.keys(params).length;
        if (!def.path.startsWith(`${routes[name].path}/`) || !sameIds || SKIPPED[sub] || WHO[def.guard] !== who) continue;
        if (queue.some((q) => q.name === sub) || [...done].some((u) => matchPath(String(u))?.name === sub)) continue;
        queue.push({ name: sub, params });
        waiting.push({ name: sub, params });
      }
    // Pages with an id are reached through links: one of each is enough.
    const hrefs = await page.locator('a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const href of hrefs) {
      const target = href.split(/[?#]/)[0];
      // Files (a feed, an export) are no pages.
      if (/\.\w+$/.test(target)) continue;
      const match = matchPath(target);
      if (!match || SKIPPED[match.name] || WHO[match.route.guard] !== who || Object.keys(match.params).length === 0) continue;
      if (queue.some((q) => q.name === match.name) || [...done].some((u) => matchPath(String(u))?.name === match.name)) continue;
      queue.push({ name: match.name, params: match.params });
      waiting.push({ name: match.name, params: match.params });
    }
  }
  expect(problems).toEqual([]);
}

async function as(browser: Browser, baseURL: string, who: Who, locale: Locale): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'NEXT_LOCALE', value: locale, url: baseURL }]);
  if (who === 'owner') await signInAs(context, 'Owner', baseURL);
  if (who === 'root') await signInAsRoot(context, baseURL);
  return context;
}

const projectId = () => person('Owner').projectId;
let before: Extension[] = [];

async function switchExtensions(browser: Browser, baseURL: string, on: (name: Extension) => boolean) {
  const owner = await as(browser, baseURL, 'owner', 'en');
  const own = Object.fromEntries((Object.keys(extensions) as Extension[]).filter((n) => !extensions[n].exclusive).map((n) => [n, on(n)]));
  const saved = await owner.request.post('/api/settings/extensions', { data: own });
  expect(saved.status(), await saved.text()).toBe(200);
  await owner.close();
  const root = await as(browser, baseURL, 'root', 'en');
  for (const extension of (Object.keys(extensions) as Extension[]).filter((n) => extensions[n].exclusive)) {
    const res = await root.request.post(`/api/root/projects/${projectId()}/extensions`, { data: { extension, enabled: on(extension) } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await root.close();
}

test.beforeAll(async ({ browser, baseURL }) => {
  const owner = await as(browser, baseURL!, 'owner', 'en');
  const res = await owner.request.get('/api/settings');
  const { settings } = (await res.json()) as { settings: { extensions: { name: Extension; enabled: boolean }[] } };
  before = settings.extensions.filter((e) => e.enabled).map((e) => e.name);
  // The owner's own request, so the account area links to one.
  const asked = await owner.request.post('/api/requests/mine', {
    data: { projectId: projectId(), subject: 'Pages in both languages', type: 'question', body: 'Opened by the translations check.' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await owner.close();
  await switchExtensions(browser, baseURL!, () => true);
});
// Other specs see Demo Studio as it was.
test.afterAll(async ({ browser, baseURL }) => switchExtensions(browser, baseURL!, (name) => before.includes(name)));

test('finds raw keys and nothing else', () => {
  expect(rawKeys('Show password auth.showPassword, owner@demo.test, blog.example.test, e.g. 3.5, help.md')).toEqual(['auth.showPassword']);
  expect(rawKeys('invoices.payPage.quoteLocked and nav.home.')).toEqual(['invoices.payPage.quoteLocked', 'nav.home']);
});

for (const who of ['visitor', 'owner', 'root'] as const) {
  for (const locale of locales) {
    test(`every page ${who === 'visitor' ? 'signed out' : `as ${who}`} speaks ${locale} without a raw key`, async ({ browser, baseURL }) => {
      test.setTimeout(300_000);
      const context = await as(browser, baseURL!, who, locale);
      await walk(await context.newPage(), who, locale);
      await context.close();
    });
  }
}

test('the walk reached every page of the route table in both languages', () => {
  const missed = (Object.keys(routes) as RouteName[]).filter((name) => !SKIPPED[name] && visited.get(name)?.size !== locales.length);
  expect(missed).toEqual([]);
});
