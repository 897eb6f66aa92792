'use client';

import { useLocale, useText } from '@/lib/i18n/client';
import { LOCALE_COOKIE } from '@/lib/i18n/negotiate';
import { locales, type Locale } from '@/lib/i18n/locales';

/**
 * The current page in another language: its hreflang alternate (every localized page
 * declares one, help slugs included), else the same path, which both languages share.
 */
function pathInLocale(target: Locale): string {
  const link = document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${target}"]`);
  const path = link ? new URL(link.href).pathname : location.pathname;
  return path + location.search;
}

/** Stores the choice for a year and reloads the current page at its path in that language. */
export function LanguageSwitcher() {
  const locale = useLocale();
  const t = useText('shell');
  const change = (target: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${target}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
    location.assign(pathInLocale(target));
  };
  return (
    <label className="flex items-center">
      <span className="sr-only">{t('language')}</span>
      <select
        data-testid="language-switcher"
        value={locale}
        onChange={(e) => change(e.target.value as Locale)}
        className="border-line bg-surface h-9 rounded-md border px-2 text-sm"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
