import { percentOf } from '../invoices/money';

// Browser-safe: the sale form previews with the function the server stores with.
// THE RULE is the invoices' one (lib/invoices/money.ts): the commission is a percentage of
// what was kept (gross − refunded), rounded once to the minor unit, half away from zero;
// the net is the exact difference. A refund recomputes both from the sale's own rate.

export type SaleFigures = { commission: number; net: number };

export function saleFigures(gross: number, refunded: number, rate: string): SaleFigures {
  const kept = BigInt(gross) - BigInt(refunded);
  const commission = percentOf(kept, rate);
  return { commission: Number(commission), net: Number(kept - commission) };
}
