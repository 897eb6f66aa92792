import { describe, expect, it } from 'vitest';
import { defaultTheme, parseTheme, THEME_COOKIE, THEME_MAX_AGE_SECONDS, themeBootScript, themeCookie } from '@/lib/shell/theme';

describe('parseTheme', () => {
  it('keeps the known themes', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
  });

  it.each(['', 'blue', undefined, null, 'DARK', ' dark', 'dark;', 'lightdark'])('%j falls back to the default', (value) => {
    expect(parseTheme(value)).toBe(defaultTheme);
  });

  it('the default is light', () => {
    expect(defaultTheme).toBe('light');
  });
});

describe('themeCookie', () => {
  it('sets a one-year, site-wide cookie', () => {
    expect(THEME_MAX_AGE_SECONDS).toBe(31_536_000);
    const cookie = themeCookie('dark');
    const [pair, ...attrs] = cookie.split('; ');
    expect(pair).toBe(`${THEME_COOKIE}=dark`);
    expect(attrs).toContain('Path=/');
    expect(attrs).toContain('Max-Age=31536000');
    expect(attrs).toContain('SameSite=Lax');
    expect(themeCookie('light').startsWith('theme=light;')).toBe(true);
  });
});

type FakeDoc = {
  cookie: string;
  documentElement: { classList: { toggle: (name: string, force?: boolean) => boolean; contains: (n: string) => boolean }; style: { colorScheme?: string } };
};

function fakeDocument(cookie: string, initialClasses: string[] = []): FakeDoc {
  const classes = new Set(initialClasses);
  return {
    cookie,
    documentElement: {
      classList: {
        toggle(name, force) {
          const on = force ?? !classes.has(name);
          if (on) classes.add(name);
          else classes.delete(name);
          return on;
        },
        contains: (name) => classes.has(name),
      },
      style: {},
    },
  };
}

function boot(cookie: string, initialClasses: string[] = []): FakeDoc['documentElement'] {
  const document = fakeDocument(cookie, initialClasses);
  new Function('document', themeBootScript)(document);
  return document.documentElement;
}

describe('themeBootScript', () => {
  it('is a self-contained static expression (it is hashed into the CSP)', () => {
    expect(themeBootScript).not.toMatch(/\$\{/);
    expect(themeBootScript.startsWith('(function(){')).toBe(true);
  });

  it('applies the dark class and color scheme for theme=dark', () => {
    const el = boot('theme=dark');
    expect(el.classList.contains('dark')).toBe(true);
    expect(el.style.colorScheme).toBe('dark');
  });

  it('finds the cookie among others', () => {
    expect(boot('a=1; theme=dark; b=2').classList.contains('dark')).toBe(true);
    expect(boot('a=1; theme=dark').classList.contains('dark')).toBe(true);
  });

  it.each(['theme=light', 'theme=purple', 'theme=', '', 'xtheme=dark', 'theme=DARK', 'a=theme=dark'])(
    'no dark class for %j',
    (cookie) => {
      const el = boot(cookie);
      expect(el.classList.contains('dark')).toBe(false);
      expect(el.style.colorScheme).toBe('light');
    },
  );

  it('removes a stale dark class for light', () => {
    expect(boot('theme=light', ['dark']).classList.contains('dark')).toBe(false);
  });

  it('never throws, even without a usable document', () => {
    expect(() => new Function('document', themeBootScript)({})).not.toThrow();
  });
});
