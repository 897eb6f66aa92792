'use client';

import { setCookie } from 'cookies-next/client';
import { useSyncExternalStore } from 'react';
import { useText } from '@/lib/i18n/client';
import { THEME_COOKIE, THEME_MAX_AGE_SECONDS, type Theme } from '@/lib/shell/theme';

// The <html> class is the one source of truth: the boot script sets it, and changes it
// when the system preference changes while the user has chosen no theme.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
const isDark = () => document.documentElement.classList.contains('dark');
// The server cannot know the theme; the icons follow the `dark` class through CSS meanwhile.
const unknownOnServer = () => null;

/** Once chosen, the theme is kept in a cookie and wins over the system preference. */
function chooseTheme(theme: Theme): void {
  setCookie(THEME_COOKIE, theme, { path: '/', maxAge: THEME_MAX_AGE_SECONDS, sameSite: 'lax' });
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}

export function ThemeToggle() {
  const t = useText('shell');
  const dark = useSyncExternalStore(subscribe, isDark, unknownOnServer);
  const label = dark ? t('themeToLight') : t('themeToDark');
  return (
    <button
      type="button"
      onClick={() => chooseTheme(dark ? 'light' : 'dark')}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      className="grid size-9 place-items-center rounded-control hover:bg-surface-2"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 dark:hidden" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
      </svg>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="hidden size-5 dark:block" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
    </button>
  );
}
