import { minorToDecimal, minorUnitsOf } from '../format/money';
import { parseScaled } from '../invoices/money';

// Browser-safe: the forms' decimals ⇄ the API's minor units, exactly (no floating point).

/** "49.90" in USD → "4990"; text with more decimals than the currency has is sent as typed (the API refuses it). */
export function toMinor(text: string, currency: string): string {
  const value = parseScaled(text, minorUnitsOf(currency));
  return value === null ? text : value.toString();
}

/** 4990 in USD → "49.90", for a form's initial value. */
export const fromMinor = (minor: number, currency: string) => minorToDecimal(minor, minorUnitsOf(currency));
