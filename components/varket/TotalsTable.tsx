'use client';

import { DataTable, cardCell } from '@/components/ui/DataTable';
import { formatMoney } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { TotalsRow } from '@/lib/varket/schemas';

/** One row per seller and currency for the month: gross, refunds, commission, net. */
export function TotalsTable({ totals }: { totals: TotalsRow[] }) {
  const t = useText('varket');
  const locale = useLocale();
  if (totals.length === 0) return null;
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  return (
    <DataTable
      cards
      testId="varket-totals"
      caption={t('ui.totalsTitle')}
      columns={[
        { label: t('fields.seller') },
        { label: t('ui.sales') },
        { label: t('fields.gross') },
        { label: t('ui.refunds') },
        { label: t('ui.commission') },
        { label: t('ui.net') },
      ]}
    >
      {totals.map((r) => (
        <tr key={`${r.sellerId}-${r.month}-${r.currency}`} data-testid="varket-totals-row">
          <td className={`px-3 py-2 font-medium ${cardCell}`}>{r.sellerName}</td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.sales')}>
            {r.sales}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.gross')} data-testid="varket-total-gross">
            {money(r.gross, r.currency)}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.refunds')} data-testid="varket-total-refunds">
            {money(r.refunds, r.currency)}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.commission')} data-testid="varket-total-commission">
            {money(r.commission, r.currency)}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.net')} data-testid="varket-total-net">
            {money(r.net, r.currency)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
