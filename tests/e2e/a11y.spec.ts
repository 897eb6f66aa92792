import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAs, signInAsRoot } from './support/auth';
import { ready } from './support/page';

// Issue "Dark theme ... axe clean in dark mode on every page": WCAG 2 A and AA, in both themes.
const THEMES = ['light', 'dark'] as const;

type Visitor = 'guest' | 'owner' | 'root';
const PAGES: Record<Visitor, string[]> = {
  guest: ['/', '/faq', '/help/getting-started', '/login', '/register', '/no/such/page', '/403'],
  owner: [
    '/dashboard',
    '/dashboard/chats',
    '/dashboard/users',
    '/dashboard/profiles',
    '/dashboard/settings/general',
    '/dashboard/settings/extensions',
    '/account/general',
    '/account/security',
    '/account/projects',
  ],
  root: ['/root', '/root/projects', '/root/users', '/root/content', '/root/outbox', '/root/audit'],
};

async function signInFor(visitor: Visitor, context: BrowserContext, baseURL: string) {
  if (visitor === 'owner') await signInAs(context, 'Owner', baseURL);
  if (visitor === 'root') await signInAsRoot(context, baseURL);
}

async function expectAxeClean(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  // One line per offending element, so a failure says what to fix.
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`));
  expect(found, label).toEqual([]);
}

for (const theme of THEMES) {
  for (const [visitor, paths] of Object.entries(PAGES) as [Visitor, string[]][]) {
    for (const path of paths) {
      test(`${path} has no axe violations in the ${theme} theme (${visitor})`, async ({ page, context, baseURL }) => {
        await signInFor(visitor, context, baseURL!);
        // The chosen theme (cookie) against the opposite system preference: the choice must win.
        await page.emulateMedia({ colorScheme: theme === 'dark' ? 'light' : 'dark' });
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        await ready(page, path);
        // Lists load on the client: check them filled in, not their loading state.
        await page.waitForLoadState('networkidle');
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        await expectAxeClean(page, `${path} (${theme})`);
      });
    }
  }
}
