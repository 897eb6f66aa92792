import { numberFormat } from './intl';
// Amounts travel as integers of the currency's minor unit (bigint, or a string of digits
// when JSON carries them), so sums never pick up binary rounding and may pass 2^53.
// Browser-safe: the currencies' decimals come from the runtime's Intl (CLDR) data.

/** The crypto currencies the product holds, stored in their own minor units. */
export const CRYPTO = {
  BTC: { name: 'Bitcoin', minorUnits: 8 },
  USDT: { name: 'Tether', minorUnits: 6 },
} as const;
export type CryptoCode = keyof typeof CRYPTO;

export function isCrypto(code: string): code is CryptoCode {
  return Object.hasOwn(CRYPTO, code);
}

// SPEC.md section 9: crypto amounts show at least 4 decimals, and the Unidad de Fomento 2 with "UF".
const CRYPTO_SHOWN = 4;
const CLF_SHOWN = 2;

/** Decimal places of a currency's minor unit (USD 2, JPY 0, KWD 3, CLF 4, BTC 8, USDT 6). */
export function minorUnitsOf(code: string): number {
  if (isCrypto(code)) return CRYPTO[code].minorUnits;
  return numberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

const MINOR = /^(-?)(\d+)(?:\.(\d+))?$/;

function minorText(value: bigint | number | string): string {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value).toString();
  if (typeof value === 'string' && MINOR.test(value)) return value;
  throw new RangeError(`Not a number of minor units: ${value}`);
}

/**
 * The exact decimal an amount of minor units stands for: (-12345n, 2) → "-123.45". A string
 * may carry a fraction of the minor unit, as invoice unit prices do: ("3333.33", 2) → "33.3333".
 */
export function minorToDecimal(minor: bigint | number | string, digits: number): Intl.StringNumericLiteral {
  const [, sign, whole, fraction = ''] = MINOR.exec(minorText(minor))!;
  const digitsText = whole.padStart(digits + 1, '0');
  const cut = digitsText.length - digits;
  const decimals = digitsText.slice(cut) + fraction;
  const negative = sign && /[1-9]/.test(whole + fraction) ? '-' : '';
  return `${negative}${digitsText.slice(0, cut).replace(/^0+(?=\d)/, '')}${decimals ? `.${decimals}` : ''}` as Intl.StringNumericLiteral;
}

/** Decimals shown: at least `min`, every significant one up to `max`, so nothing is rounded away. */
function shownDigits(decimal: string, min: number, max: number) {
  const fraction = decimal.split('.')[1]?.replace(/0+$/, '') ?? '';
  const digits = Math.min(max, Math.max(min, fraction.length));
  return { minimumFractionDigits: digits, maximumFractionDigits: digits };
}

/**
 * An amount in a currency for the reader's locale, the one money display of the app: fiat
 * with its ISO minor unit ("$1,234.50", "¥1,235"), crypto in full with at least 4 decimals and
 * its code, since no sign for it is in every system font ("BTC 0.0019998"), CLF with 2
 * decimals and "UF". `extraDigits` shows the fraction of a minor unit a unit price may carry
 * ("$0.333333"). Exact for any size: Intl rounds the decimal string, half away from zero.
 */
export function formatMoney(minorUnits: bigint | number | string, currency: string, locale: string, extraDigits = 0): string {
  const digits = minorUnitsOf(currency);
  return formatDecimalMoney(minorToDecimal(minorUnits, digits), currency, locale, extraDigits);
}

/** formatMoney for an amount already written in the currency's unit ("50000.5" USD, a rate). */
export function formatDecimalMoney(amount: string, currency: string, locale: string, extraDigits = 0): string {
  const value = amount as Intl.StringNumericLiteral;
  const digits = minorUnitsOf(currency);
  // A negative amount that rounds to zero shows no minus sign.
  const base = { signDisplay: 'negative' } as const;
  if (currency === 'CLF') {
    return `${numberFormat(locale, { ...base, minimumFractionDigits: CLF_SHOWN, maximumFractionDigits: CLF_SHOWN + extraDigits }).format(value)} UF`;
  }
  if (isCrypto(currency)) {
    // Laid out as the locale lays out any currency's code, with the coin's code in its place.
    const options = {
      ...base,
      ...shownDigits(amount, CRYPTO_SHOWN, digits + extraDigits),
      style: 'currency',
      currency: 'XXX',
      currencyDisplay: 'code',
    } as const;
    const parts = numberFormat(locale, options).formatToParts(value);
    return parts.map((p) => (p.type === 'currency' ? currency : p.value)).join('');
  }
  const shown = extraDigits ? shownDigits(amount, digits, digits + extraDigits) : {};
  return numberFormat(locale, { ...base, ...shown, style: 'currency', currency }).format(value);
}
