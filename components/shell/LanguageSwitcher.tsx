'use client';

import { setCookie } from 'cookies-next/client';
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

/** Stores the choice for a year and loads the current page at its path in that language. */
export function switchLocale(target: Locale): void {
  setCookie(LOCALE_COOKIE, target, { path: '/', maxAge: 365 * 24 * 60 * 60, sameSite: 'lax' });
  location.assign(pathInLocale(target));
}

/** The languages the page can switch to. */
export function useOtherLocales(): Locale[] {
  const locale = useLocale();
  return locales.filter((l) => l !== locale);
}

/**
 * With two languages the switch is one button naming the other one in its own language
 * (a select would take two steps for the same choice).
 */
export function LanguageSwitcher() {
  const t = useText('shell');
  const others = useOtherLocales();
  return (
    <div role="group" aria-label={t('language')} className="flex items-center" data-testid="language-switcher">
      {others.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          onClick={() => switchLocale(l)}
          className="h-9 rounded-control border border-line px-2.5 text-sm hover:bg-surface-2"
          data-testid={`language-${l}`}
        >
          {t(`languages.${l}`)}
        </button>
      ))}
    </div>
  );
}
