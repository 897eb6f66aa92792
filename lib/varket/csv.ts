import { minorToDecimal, minorUnitsOf } from '../format/money';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { csvLine } from '../interviews/csv-cells';
import { listSales } from './sales';
import { VARKET_LIMITS, type PeriodInput } from './schemas';

// Amounts as plain decimals in the currency's unit ("49.90"), exact: a spreadsheet sums them.
const HEADER = ['date', 'seller', 'plan', 'customer', 'currency', 'gross', 'refunded', 'rate_percent', 'commission', 'net', 'refunded_on'];

/** The period's sales as CSV (cells a spreadsheet would run as formulas are defused). */
export async function salesCsv(ctx: Pick<ProjectContext, 'db' | 'project'>, period: PeriodInput): Promise<string> {
  const sales = await listSales(ctx, period);
  if (sales.length > VARKET_LIMITS.csvRows) throw new HttpError(413, 'varket.csvTooLarge', {}, { max: VARKET_LIMITS.csvRows });
  const money = (value: number, currency: string) => minorToDecimal(value, minorUnitsOf(currency));
  return (
    csvLine(HEADER) +
    sales
      .map((s) =>
        csvLine([
          s.soldOn,
          s.sellerName,
          s.planName,
          s.customerRef,
          s.currency,
          money(s.gross, s.currency),
          money(s.refunded, s.currency),
          s.rate,
          money(s.commission, s.currency),
          money(s.net, s.currency),
          s.refundedOn,
        ]),
      )
      .join('')
  );
}
