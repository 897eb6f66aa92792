'use client';

import { useLocale, useTranslations } from 'next-intl';
import { LOCALE_COOKIE } from '@/lib/i18n/negotiate';
import { switchLocalePath } from '@/lib/routes/match';
import { locales, type Locale } from '@/lib/routes/table';

/** Stores the choice for a year and reloads the current page at its path in that language. */
export function LanguageSwitcher() {
  const locale = useLocale() as Locale;
  const t = useTranslations('shell');
  const change = (target: Locale) => {
    document.cookie = `${LOCALE_COOKIE}=${target}; Path=/; Max-Age=${365 * 24 * 60 * 60}; SameSite=Lax`;
    location.assign(switchLocalePath(location.pathname, location.search, target));
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
