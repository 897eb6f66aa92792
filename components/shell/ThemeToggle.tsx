'use client';

import { useText } from '@/lib/i18n/client';
import { useEffect, useState } from 'react';
import { themeCookie, type Theme } from '@/lib/shell/theme';

export function ThemeToggle() {
  const t = useText('shell');
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(document.documentElement.classList.contains('dark') ? 'dark' : 'light'), []);

  const toggle = () => {
    const next: Theme = theme === 'dark' ? 'light' : 'dark';
    document.cookie = themeCookie(next);
    document.documentElement.classList.toggle('dark', next === 'dark');
    document.documentElement.style.colorScheme = next;
    setTheme(next);
  };
  const label = theme === 'dark' ? t('themeToLight') : t('themeToDark');
  return (
    <button type="button" onClick={toggle} aria-label={label} title={label} data-testid="theme-toggle" className="hover:bg-surface-2 grid size-9 place-items-center rounded-md">
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
