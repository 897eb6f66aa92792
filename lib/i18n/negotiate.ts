import { defaultLocale, locales, type Locale } from './locales';

export const LOCALE_COOKIE = 'NEXT_LOCALE';

export function isLocale(value: string | null | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** The user's stored choice, else the browser's Accept-Language, else the default. */
export function preferredLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...opts] = part.trim().split(';');
      const q = opts.map((o) => /^q=([\d.]+)$/.exec(o.trim())?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0], q: q ? Number(q) : 1 };
    })
    .filter((x) => x.base && x.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((x) => x.base).find(isLocale) ?? defaultLocale;
}
