// Building an Intl formatter costs far more than using one (ICU loads the locale's data each
// time: about a twentieth of a signed-in page's render went to it), and every page formats
// dozens of dates and numbers with the same few settings. Formatters are immutable, so one
// per (locale, options) serves every request. Bounded: locales and zones come from users.

const MAX_PER_KIND = 500;

function memo<T>(create: (locale: string, options: object) => T) {
  const made = new Map<string, T>();
  return (locale: string | readonly string[], options: object = {}): T => {
    const locales = typeof locale === 'string' ? locale : locale.join(',');
    const key = `${locales}|${JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = create(locales, options);
      // Settings beyond the bound are rare (an odd zone per user): start over rather than grow.
      if (made.size >= MAX_PER_KIND) made.clear();
      made.set(key, formatter);
    }
    return formatter;
  };
}

const split = (locales: string) => locales.split(',');

/** `new Intl.DateTimeFormat(locale, options)`, made once; throws as it does (an unknown zone). */
export const dateTimeFormat = memo((l, o) => new Intl.DateTimeFormat(split(l), o as Intl.DateTimeFormatOptions)) as (
  locale: string | readonly string[],
  options?: Intl.DateTimeFormatOptions,
) => Intl.DateTimeFormat;

export const numberFormat = memo((l, o) => new Intl.NumberFormat(split(l), o as Intl.NumberFormatOptions)) as (
  locale: string | readonly string[],
  options?: Intl.NumberFormatOptions,
) => Intl.NumberFormat;

export const relativeTimeFormat = memo((l, o) => new Intl.RelativeTimeFormat(split(l), o as Intl.RelativeTimeFormatOptions)) as (
  locale: string | readonly string[],
  options?: Intl.RelativeTimeFormatOptions,
) => Intl.RelativeTimeFormat;

export const pluralRules = memo((l, o) => new Intl.PluralRules(split(l), o as Intl.PluralRulesOptions)) as (
  locale: string | readonly string[],
  options?: Intl.PluralRulesOptions,
) => Intl.PluralRules;

export const displayNames = memo((l, o) => new Intl.DisplayNames(split(l), o as Intl.DisplayNamesOptions)) as (
  locale: string | readonly string[],
  options: Intl.DisplayNamesOptions,
) => Intl.DisplayNames;

export const collator = memo((l, o) => new Intl.Collator(split(l), o as Intl.CollatorOptions)) as (
  locale: string | readonly string[],
  options?: Intl.CollatorOptions,
) => Intl.Collator;
