import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { format } from './format';
import type { Locale } from './locales';
import { LOCALE_COOKIE, preferredLocale } from './negotiate';

// Route handlers answer in the caller's language without next-intl's request scope.
const catalogues: Record<Locale, Record<string, unknown>> = { en, es };

export type Text = (key: string, values?: Record<string, string | number>) => string;

function lookup(tree: unknown, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  return typeof value === 'string' ? value : undefined;
}

/** A translator for one namespace; unknown keys come back as they are. */
export function textFor(locale: Locale, namespace: string): Text {
  const tree = catalogues[locale][namespace];
  return (key, values) => {
    const template = lookup(tree, key);
    return template === undefined ? key : format(template, values);
  };
}

/** The caller's language: their stored choice, else Accept-Language. */
export function localeOf(headers: Headers, cookieValue?: string): Locale {
  return preferredLocale(cookieValue ?? cookieFrom(headers.get('cookie'), LOCALE_COOKIE), headers.get('accept-language'));
}

function cookieFrom(header: string | null, name: string): string | undefined {
  return new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];
}
