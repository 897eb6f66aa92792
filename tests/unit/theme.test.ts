import { describe, expect, it } from 'vitest';
import { defaultTheme, THEME_COOKIE, THEME_MAX_AGE_SECONDS, themeBootScript } from '@/lib/shell/theme';

describe('theme constants', () => {
  it('the cookie is named "theme" and lasts a year (SPEC §9)', () => {
    expect(THEME_COOKIE).toBe('theme');
    expect(THEME_MAX_AGE_SECONDS).toBe(31_536_000);
  });

  it('the default, for browsers that report no preference, is light', () => {
    expect(defaultTheme).toBe('light');
  });
});

type Root = { classList: { toggle: (name: string, force?: boolean) => boolean; contains: (n: string) => boolean }; style: { colorScheme?: string } };

/** A page: its cookie jar, its <html> and a system preference that can change while it is open. */
function fakePage(cookie: string, { prefersDark = false as boolean | null, classes = [] as string[] } = {}) {
  const set = new Set(classes);
  const listeners: (() => void)[] = [];
  const root: Root = {
    classList: {
      toggle(name, force) {
        const on = force ?? !set.has(name);
        if (on) set.add(name);
        else set.delete(name);
        return on;
      },
      contains: (name) => set.has(name),
    },
    style: {},
  };
  const document = { cookie, documentElement: root };
  const query = { matches: prefersDark === true, addEventListener: (_: 'change', fn: () => void) => listeners.push(fn) };
  // null: a browser without matchMedia.
  const window = prefersDark === null ? {} : { matchMedia: (q: string) => (q === '(prefers-color-scheme: dark)' ? query : { matches: false }) };
  new Function('document', 'window', themeBootScript)(document, window);
  return {
    root,
    dark: () => root.classList.contains('dark'),
    /** The system switches its preference. */
    system(dark: boolean) {
      query.matches = dark;
      for (const fn of listeners) fn();
    },
    /** The user chooses (the toggle writes the cookie). */
    choose(value: string) {
      document.cookie = `${THEME_COOKIE}=${value}`;
    },
  };
}

describe('themeBootScript', () => {
  it('is a self-contained static expression (it is hashed into the CSP)', () => {
    expect(themeBootScript).not.toMatch(/\$\{/);
    expect(themeBootScript.startsWith('(function(){')).toBe(true);
  });

  it('a chosen theme wins over the system preference', () => {
    const page = fakePage('theme=dark', { prefersDark: false });
    expect(page.dark()).toBe(true);
    expect(page.root.style.colorScheme).toBe('dark');
    expect(fakePage('theme=light', { prefersDark: true }).dark()).toBe(false);
  });

  it('finds the cookie among others', () => {
    expect(fakePage('a=1; theme=dark; b=2').dark()).toBe(true);
    expect(fakePage('a=1; theme=dark').dark()).toBe(true);
  });

  it.each(['', 'theme=', 'theme=purple', 'xtheme=dark', 'theme=DARK', 'a=theme=dark'])('without a valid choice (%j) it follows the system', (cookie) => {
    const dark = fakePage(cookie, { prefersDark: true });
    expect(dark.dark()).toBe(true);
    expect(dark.root.style.colorScheme).toBe('dark');
    const light = fakePage(cookie, { prefersDark: false, classes: ['dark'] });
    expect(light.dark()).toBe(false);
    expect(light.root.style.colorScheme).toBe('light');
  });

  it('follows live changes of the system preference until the user chooses', () => {
    const page = fakePage('', { prefersDark: false });
    page.system(true);
    expect(page.dark()).toBe(true);
    expect(page.root.style.colorScheme).toBe('dark');
    page.system(false);
    expect(page.dark()).toBe(false);

    page.choose('dark');
    page.root.classList.toggle('dark', true);
    page.system(false);
    expect(page.dark()).toBe(true);
  });

  it('falls back to light where the browser cannot tell the preference', () => {
    const page = fakePage('theme=sepia', { prefersDark: null, classes: ['dark'] });
    expect(page.dark()).toBe(false);
    expect(page.root.style.colorScheme).toBe(defaultTheme);
  });

  it('never throws, even without a usable document', () => {
    expect(() => new Function('document', 'window', themeBootScript)({}, {})).not.toThrow();
  });
});
