import { locales, type Locale } from '../i18n/locales';
import { displayNames } from '../format/intl';

// The choices the settings form offers, named by the runtime's Intl data in the viewer's language.

/** Every zone the runtime knows, with the saved one kept even if the runtime dropped it. */
export function timeZoneOptions(current: string): string[] {
  return [...new Set([current, 'UTC', ...Intl.supportedValuesOf('timeZone')])].filter(Boolean).sort((a, b) => a.localeCompare(b));
}

/** The interface languages, each named in `locale` ("Spanish", "español"). */
export function languageOptions(locale: Locale): { code: Locale; name: string }[] {
  const names = displayNames([locale], { type: 'language' });
  return locales.map((code) => {
    const name = names.of(code) ?? code;
    return { code, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
  });
}
