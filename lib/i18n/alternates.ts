import { env } from '../env';
import { pathFor } from '../routes/match';
import { defaultLocale, locales, type Locale, type RouteName } from '../routes/table';

/**
 * Canonical URL and hreflang alternates of a page. `params` may differ by language
 * (a help article's slug does); a language without params has no alternate.
 */
export function alternatesFor(
  name: RouteName,
  locale: Locale,
  params: Partial<Record<Locale, Record<string, string>>> | Record<string, string> = {},
): { canonical: string | undefined; languages: Record<string, string> } {
  const base = env().PUBLIC_URL;
  const perLocale = (l: Locale): Record<string, string> | undefined =>
    locales.some((x) => x in params) ? (params as Partial<Record<Locale, Record<string, string>>>)[l] : (params as Record<string, string>);
  const languages: Record<string, string> = {};
  for (const l of locales) {
    const p = perLocale(l);
    if (p) languages[l] = base + pathFor(name, l, p);
  }
  if (languages[defaultLocale]) languages['x-default'] = languages[defaultLocale];
  return { canonical: languages[locale], languages };
}
