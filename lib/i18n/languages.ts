import { collator, displayNames } from '../format/intl';
// Languages and countries from the runtime's Intl (CLDR) data rather than a hand-kept table.
// Browser-safe; each list is built once per language and kept.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const PAIRS = [...LETTERS].flatMap((a) => [...LETTERS].map((b) => a + b));
// Two-letter region codes CLDR names that are groupings or test codes, not countries.
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);

let codes: string[] | null = null;
const named = new Map<string, { code: string; name: string }[]>();
let byCountry: Record<string, string> | null = null;

/** ISO 639-1: every two-letter code in its current form that CLDR can name (≈180). */
export function languageCodes(): readonly string[] {
  if (codes) return codes;
  const names = displayNames(['en'], { type: 'language', fallback: 'none' });
  // Retired codes (iw, in, mo…) are canonicalized to their successors and left out.
  codes = PAIRS.filter((code) => Intl.getCanonicalLocales(code)[0] === code && names.of(code) !== undefined);
  return codes;
}

/** Every language with its name in `locale`, capitalized as a list item, sorted as that language sorts. */
export function languageList(locale: string): readonly { code: string; name: string }[] {
  const cached = named.get(locale);
  if (cached) return cached;
  const names = displayNames([locale], { type: 'language' });
  const order = collator(locale, { sensitivity: 'base' });
  const list = languageCodes()
    .map((code) => {
      const name = names.of(code) ?? code;
      return { code, name: name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) };
    })
    .sort((a, b) => order.compare(a.name, b.name));
  named.set(locale, list);
  return list;
}

/** Each country (ISO 3166-1 alpha-2) → its most likely language, from CLDR's likely subtags: CL → es, CH → de. */
export function countryLanguages(): Readonly<Record<string, string>> {
  if (byCountry) return byCountry;
  const names = displayNames(['en'], { type: 'region', fallback: 'none' });
  const map: Record<string, string> = {};
  for (const pair of PAIRS) {
    const region = pair.toUpperCase();
    if (NOT_COUNTRIES.has(region) || names.of(region) === undefined) continue;
    const likely = new Intl.Locale(`und-${region}`).maximize();
    // A retired code (UK, YU…) maximizes to its successor's region: only current ones count.
    if (likely.region === region) map[region] = likely.language;
  }
  byCountry = map;
  return map;
}

/** The most likely language of a country, or undefined for an unknown code. */
export function countryLanguage(region: string): string | undefined {
  return countryLanguages()[region.toUpperCase()];
}
