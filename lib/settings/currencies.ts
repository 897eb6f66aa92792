// Currency codes, names and minor units come from the runtime's Intl (CLDR/ICU) data, not
// from a table kept by hand, so they follow the platform's updates. Browser-safe.

const CODE = /^[A-Z]{3}$/;
let known: Set<string> | null = null;

/** The ISO 4217 codes this runtime knows (empty where Intl cannot list them). */
export function currencyCodes(): readonly string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
}

/**
 * True for an ISO 4217 code the runtime knows. A browser too old to list currencies checks
 * the shape only and leaves the list to the server.
 */
export function isCurrency(code: string): boolean {
  if (!CODE.test(code)) return false;
  known ??= new Set(currencyCodes());
  return known.size === 0 || known.has(code);
}

/** Decimal places of the currency's minor unit (USD 2, CLP 0, BHD 3). */
export function minorUnitsOf(code: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

export type CurrencyOption = { code: string; name: string; minorUnits: number };

/**
 * Every known currency with its name in `locale`, sorted by that name the way the language
 * sorts. `keep` (the saved value) stays in the list even if this runtime no longer knows it,
 * so a select never silently changes it.
 */
export function currencyOptions(locale: string, keep?: string): CurrencyOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' });
  const codes = new Set(currencyCodes());
  if (keep && CODE.test(keep)) codes.add(keep);
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...codes]
    .map((code) => ({ code, name: names.of(code) ?? code, minorUnits: minorUnitsOf(code) }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
}
