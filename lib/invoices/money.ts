// Invoice arithmetic in integers only (browser-safe, no server imports): the editor previews
// with the same function the server stores with, so the screen, the PDF and the pay page can
// never disagree by a cent.
//
// THE ROUNDING RULE (README "### Invoices"): every amount is rounded once, to the currency's
// minor unit, half away from zero, at these points and nowhere else:
//   1. each line: quantity × unit price;
//   2. the discount (a percentage of the subtotal, or a fixed amount capped at the subtotal);
//   3. each tax, on the discounted subtotal (a compound tax also on the taxes listed before it).
// The subtotal, the tax total and the total are exact sums of those rounded parts.

/** Quantities carry up to 3 decimals: stored as thousandths. */
export const QUANTITY_DIGITS = 3;
/** Unit prices are minor units with up to 4 more decimals ("33.3333" cents): stored ×10⁴. */
export const PRICE_DIGITS = 4;
/** Percentages (tax, discount) carry up to 4 decimals: stored as millionths of the whole (9.975 % → 99750). */
export const PERCENT_DIGITS = 4;

const QUANTITY_SCALE = 10n ** BigInt(QUANTITY_DIGITS);
const PRICE_SCALE = 10n ** BigInt(PRICE_DIGITS);
const RATE_SCALE = 100n * 10n ** BigInt(PERCENT_DIGITS);

/** "12.5" with 3 digits → 12500n; null for anything but a plain non-negative decimal within `digits`. */
export function parseScaled(text: string, digits: number): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return BigInt(match[1] + fraction.padEnd(digits, '0'));
}

/** n / d rounded half away from zero (d > 0). */
export function divRound(n: bigint, d: bigint): bigint {
  const sign = n < 0n ? -1n : 1n;
  const abs = n < 0n ? -n : n;
  return sign * ((abs * 2n + d) / (2n * d));
}

/** n / d rounded up (towards +∞; d > 0, n ≥ 0): what a payer must send to cover an amount. */
export function divCeil(n: bigint, d: bigint): bigint {
  return (n + d - 1n) / d;
}

export type LineInput = { description: string; quantity: string; unitPrice: string };
export type TaxInput = { name: string; rate: string; compound: boolean };
export type DiscountInput = { kind: 'percent' | 'amount'; value: string };
export type InvoiceFigures = { lines: LineInput[]; discount?: DiscountInput | null; taxes: TaxInput[] };

export type Totals = {
  lines: bigint[];
  subtotal: bigint;
  discount: bigint;
  taxes: bigint[];
  taxTotal: bigint;
  total: bigint;
};

function scaled(text: string, digits: number): bigint {
  const value = parseScaled(text, digits);
  if (value === null) throw new RangeError(`Not a decimal with at most ${digits} places: ${text}`);
  return value;
}

/** One line's amount in minor units: quantity × unit price, rounded once. */
export function lineAmount(line: Pick<LineInput, 'quantity' | 'unitPrice'>): bigint {
  return divRound(scaled(line.quantity, QUANTITY_DIGITS) * scaled(line.unitPrice, PRICE_DIGITS), QUANTITY_SCALE * PRICE_SCALE);
}

/** A percentage of an amount, rounded once. */
export function percentOf(amount: bigint, percent: string): bigint {
  return divRound(amount * scaled(percent, PERCENT_DIGITS), RATE_SCALE);
}

/** Every figure of an invoice, by the rounding rule above. Inputs must have passed the schema. */
export function computeTotals(input: InvoiceFigures): Totals {
  const lines = input.lines.map(lineAmount);
  const subtotal = lines.reduce((a, b) => a + b, 0n);
  let discount = 0n;
  if (input.discount) {
    discount = input.discount.kind === 'percent' ? percentOf(subtotal, input.discount.value) : scaled(input.discount.value, 0);
    if (discount > subtotal) discount = subtotal;
  }
  const base = subtotal - discount;
  const taxes: bigint[] = [];
  for (const tax of input.taxes) {
    const before = tax.compound ? taxes.reduce((a, b) => a + b, 0n) : 0n;
    taxes.push(percentOf(base + before, tax.rate));
  }
  const taxTotal = taxes.reduce((a, b) => a + b, 0n);
  return { lines, subtotal, discount, taxes, taxTotal, total: base + taxTotal };
}

/**
 * The amount of crypto that covers `amount` minor units of the invoice's currency at `rate`
 * (invoice-currency units per one coin, a decimal string with up to 8 places), rounded up to
 * the coin's minor unit so the payment never falls short.
 */
export function cryptoAmount(amount: bigint, fiatDigits: number, rate: string, coinDigits: number): bigint {
  const r = scaled(rate, 8);
  if (r === 0n) throw new RangeError('A rate of zero');
  return divCeil(amount * 10n ** BigInt(coinDigits) * 10n ** 8n, r * 10n ** BigInt(fiatDigits));
}

/** The invoice-currency minor units a coin amount is worth at `rate`, rounded half away from zero. */
export function fiatValue(coins: bigint, coinDigits: number, rate: string, fiatDigits: number): bigint {
  return divRound(coins * scaled(rate, 8) * 10n ** BigInt(fiatDigits), 10n ** BigInt(coinDigits) * 10n ** 8n);
}
