import { minorToDecimal, minorUnitsOf } from './money';
import { numberFormat } from './intl';

// Typed money ⇄ minor units, exactly (no floating point), in the reader's own decimal mark:
// "49.90" in English, "49,90" in Spanish, both 4990 cents. Browser-safe.

/** The decimal mark of a locale's numbers ('.' or ','). */
export function decimalMark(locale: string): '.' | ',' {
  const part = numberFormat(locale)
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** Decimal places of a currency's minor unit, or 2 for a code that is not one (yet: still being typed). */
export function safeMinorUnits(currency: string): number {
  try {
    return minorUnitsOf(currency);
  } catch {
    return 2;
  }
}

export type MoneyParse = { minor: string } | { error: 'number' | 'moneyDecimals'; digits: number };

const WHOLE_DIGITS = 15;

/**
 * Reads an amount a person typed in the currency's unit, in `locale`'s notation: groups of
 * three are accepted where well formed ("1,234.50"; "1.234,50" in Spanish), anything else is
 * `number`, and more decimals than the currency's minor unit (plus `extraDigits`, the fraction
 * of a minor unit a unit price may carry) is `moneyDecimals`. The result is minor units, with a
 * fraction only when `extraDigits` allows one ("0.333333" USD, 4 extra → "33.3333"). '' stays ''.
 */
export function parseMoney(text: string, currency: string, locale: string, extraDigits = 0): MoneyParse {
  const digits = safeMinorUnits(currency) + extraDigits;
  const value = text.trim().replace(/[\u00a0\u202f ]/g, '');
  if (value === '') return { minor: '' };
  const mark = decimalMark(locale);
  const group = mark === '.' ? ',' : '\\.';
  const number = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)(?:${mark === '.' ? '\\.' : ','}(\\d+))?$`).exec(value);
  if (!number) return { error: 'number', digits };
  const whole = number[1].replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  const fraction = number[2] ?? '';
  if (whole.length > WHOLE_DIGITS) return { error: 'number', digits };
  if (fraction.length > digits) return { error: 'moneyDecimals', digits };
  const units = safeMinorUnits(currency);
  const padded = fraction.padEnd(units, '0');
  const minor = (whole + padded.slice(0, units)).replace(/^0+(?=\d)/, '');
  const rest = padded.slice(units).replace(/0+$/, '');
  return { minor: rest ? `${minor}.${rest}` : minor };
}

/** Minor units as the input shows them: the locale's decimal mark, no grouping, the minor unit's decimals ("49,90"). */
export function moneyInputText(minor: string, currency: string, locale: string): string {
  if (!/^\d+(?:\.\d+)?$/.test(minor)) return '';
  const units = safeMinorUnits(currency);
  const decimal = minorToDecimal(minor, units);
  const [whole, fraction = ''] = decimal.split('.');
  const shown = fraction.length > units ? fraction.replace(/0+$/, '').padEnd(units, '0') : fraction;
  return shown ? `${whole}${decimalMark(locale)}${shown}` : whole;
}
