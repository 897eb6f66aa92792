// Amounts travel as integers of the currency's minor unit (bigint, or a string of digits
// when JSON carries them), so sums never pick up binary rounding and may pass 2^53.
// Browser-safe: the currencies' decimals come from the runtime's Intl (CLDR) data.

/** The crypto currencies the product holds, stored in their own minor units. */
export const CRYPTO = {
  BTC: { name: 'Bitcoin', symbol: '₿', minorUnits: 8 },
  USDT: { name: 'Tether', symbol: '$', minorUnits: 6 },
} as const;
export type CryptoCode = keyof typeof CRYPTO;

export function isCrypto(code: string): code is CryptoCode {
  return Object.hasOwn(CRYPTO, code);
}

// SPEC.md section 9: crypto amounts show 4 decimals, and the Unidad de Fomento 2 with "UF".
const CRYPTO_SHOWN = 4;
const CLF_SHOWN = 2;

/** Decimal places of a currency's minor unit (USD 2, JPY 0, KWD 3, CLF 4, BTC 8, USDT 6). */
export function minorUnitsOf(code: string): number {
  if (isCrypto(code)) return CRYPTO[code].minorUnits;
  return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
}

function toBigInt(value: bigint | number | string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' ? Number.isInteger(value) : /^-?\d+$/.test(value)) return BigInt(value);
  throw new RangeError(`Not a whole number of minor units: ${value}`);
}

/** The exact decimal an integer of minor units stands for: (-12345n, 2) → "-123.45". */
export function minorToDecimal(minor: bigint | number | string, digits: number): Intl.StringNumericLiteral {
  const value = toBigInt(minor);
  const digitsText = (value < 0n ? -value : value).toString().padStart(digits + 1, '0');
  const cut = digitsText.length - digits;
  const sign = value < 0n ? '-' : '';
  return `${sign}${digitsText.slice(0, cut)}${digits > 0 ? `.${digitsText.slice(cut)}` : ''}` as Intl.StringNumericLiteral;
}

/**
 * An amount in a currency for the reader's locale: fiat with its ISO minor unit
 * ("$1,234.50", "¥1,235"), crypto with 4 decimals and its symbol ("₿0.1235"), CLF with 2
 * decimals and "UF". Exact for any size: Intl rounds the decimal string, half away from zero.
 */
export function formatMoney(minorUnits: bigint | number | string, currency: string, locale: string): string {
  const amount = minorToDecimal(minorUnits, minorUnitsOf(currency));
  // A negative amount that rounds to zero shows no minus sign.
  const base = { signDisplay: 'negative' } as const;
  if (currency === 'CLF') {
    return `${new Intl.NumberFormat(locale, { ...base, minimumFractionDigits: CLF_SHOWN, maximumFractionDigits: CLF_SHOWN }).format(amount)} UF`;
  }
  if (isCrypto(currency)) {
    // Laid out as the locale lays out any currency, with the crypto symbol in the currency's place.
    const digits = { minimumFractionDigits: CRYPTO_SHOWN, maximumFractionDigits: CRYPTO_SHOWN };
    const parts = new Intl.NumberFormat(locale, { ...base, ...digits, style: 'currency', currency: 'XXX' }).formatToParts(amount);
    return parts.map((p) => (p.type === 'currency' ? CRYPTO[currency].symbol : p.value)).join('');
  }
  return new Intl.NumberFormat(locale, { ...base, style: 'currency', currency }).format(amount);
}
