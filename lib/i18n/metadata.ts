import type { Metadata } from 'next';
import { appName } from '../env';
import { locales, type Locale, type RouteName } from '../routes/table';
import { alternatesFor } from './alternates';

type Params = Parameters<typeof alternatesFor>[2];

/** Open Graph's `language_TERRITORY`, from CLDR's likely subtags (`es` → `es_ES`). */
export function ogLocale(locale: Locale): string {
  const full = new Intl.Locale(locale).maximize();
  return `${full.language}_${full.region}`;
}

/**
 * A public page's title, description, canonical URL, hreflang alternates and Open Graph card,
 * so a shared link previews in the reader's language. `index: false` keeps forms and
 * one-time links out of search results.
 */
export function publicMetadata(name: RouteName, locale: Locale, page: { title: string; description?: string; params?: Params; index?: boolean }): Metadata {
  const alternates = alternatesFor(name, locale, page.params);
  const others = locales.filter((l) => l !== locale && l in alternates.languages);
  return {
    title: page.title,
    description: page.description,
    alternates,
    openGraph: {
      type: 'website',
      siteName: appName(),
      title: page.title,
      description: page.description,
      url: alternates.canonical,
      locale: ogLocale(locale),
      alternateLocale: others.map(ogLocale),
    },
    ...(page.index === false ? { robots: { index: false } } : {}),
  };
}
