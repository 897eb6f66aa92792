import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { readCookie } from '../http/cookies';
import { format, lookup } from './format';
import type { Locale } from './locales';
import { LOCALE_COOKIE, preferredLocale } from './negotiate';

// Route handlers answer in the caller's language without next-intl's request scope.
export const catalogues: Record<Locale, Record<string, unknown>> = { en, es };

export type Text = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one namespace; unknown keys come back as they are. */
export function textFor(locale: Locale, namespace: string): Text {
  const tree = catalogues[locale][namespace];
  return (key, values) => {
    const template = lookup(tree, key);
    return template === undefined ? key : format(template, values, locale);
  };
}

/** The caller's language: their stored choice, else Accept-Language. */
export function localeOf(headers: Headers, cookieValue?: string): Locale {
  return preferredLocale(cookieValue ?? readCookie(headers.get('cookie'), LOCALE_COOKIE), headers.get('accept-language'));
}
