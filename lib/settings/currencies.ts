// The currencies a project may choose: ISO 4217 (numeric codes from a generated table, since
// Intl has none; names and minor units from the runtime's Intl/CLDR data) plus the crypto
// currencies the product holds. Browser-safe.
import { CRYPTO, isCrypto, minorUnitsOf } from '../format/money';
import { ISO_4217 } from './iso4217';
import { collator, displayNames } from '../format/intl';

const CODE = /^[A-Z]{3}$/;
const NUMERIC: ReadonlyMap<string, string> = new Map(ISO_4217.split(' ').map((entry) => [entry.slice(0, 3), entry.slice(3)]));
let known: Set<string> | null = null;

/** Codes this runtime's Intl knows: newer than the table at times (ZWG, XCG). */
function intlCodes(): readonly string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
}

/** Every currency code on offer: ISO 4217's, the runtime's newer ones, BTC and USDT. */
export function currencyCodes(): readonly string[] {
  return [...new Set([...NUMERIC.keys(), ...intlCodes(), ...Object.keys(CRYPTO)])];
}

/** True for a code on offer (see currencyCodes). */
export function isCurrency(code: string): boolean {
  known ??= new Set(currencyCodes());
  return known.has(code);
}

/** ISO 4217's three-digit numeric code ("152" for CLP); null for crypto and codes newer than the table. */
export function numericCodeOf(code: string): string | null {
  return NUMERIC.get(code) ?? null;
}

export type CurrencyOption = { code: string; numeric: string | null; name: string; minorUnits: number };

/**
 * Every currency with its name in `locale`, sorted by that name the way the language sorts.
 * `keep` (the saved value) stays in the list even if it is no longer on offer, so a select
 * never silently changes it.
 */
export function currencyOptions(locale: string, keep?: string): CurrencyOption[] {
  const names = displayNames([locale], { type: 'currency', fallback: 'code' });
  const codes = new Set(currencyCodes());
  if (keep && (CODE.test(keep) || isCrypto(keep))) codes.add(keep);
  const order = collator(locale, { sensitivity: 'base' });
  return [...codes]
    .map((code) => ({
      code,
      numeric: numericCodeOf(code),
      name: isCrypto(code) ? CRYPTO[code].name : (names.of(code) ?? code),
      minorUnits: minorUnitsOf(code),
    }))
    .sort((a, b) => order.compare(a.name, b.name) || a.code.localeCompare(b.code));
}
