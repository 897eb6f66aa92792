'use client';

import { ShoppingCart } from 'lucide-react';
import { rowButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatDate, formatMoney } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { SaleView } from '@/lib/varket/schemas';

/**
 * The month's sales; `onRefund` (staff who record sales) adds a refund button to each open one.
 * An empty month only says so: "Record sale" sits above the table already.
 */
export function SalesTable({ sales, onRefund }: { sales: SaleView[]; onRefund?: (sale: SaleView) => void }) {
  const t = useText('varket');
  const locale = useLocale();
  const money = (value: number, currency: string) => formatMoney(value, currency, locale);
  // A sale's date is a calendar day in the project's zone: shown as that day, whatever the reader's zone.
  const day = (d: string) => formatDate(`${d}T12:00:00Z`, locale, 'UTC');
  if (sales.length === 0) return <EmptyState compact icon={ShoppingCart} text={t('ui.emptySales')} />;
  return (
    <DataTable
      cards
      testId="varket-sales"
      caption={t('ui.salesListTitle')}
      columns={[
        { label: t('ui.date') },
        { label: t('fields.seller') },
        { label: t('fields.plan') },
        { label: t('ui.customer') },
        { label: t('fields.gross') },
        { label: t('ui.refunded') },
        { label: t('ui.commission') },
        { label: t('ui.net') },
        onRefund !== undefined && { label: t('ui.actions'), hidden: true },
      ]}
    >
      {sales.map((s) => (
        <tr key={s.id} data-testid="varket-sale-row">
          <td className={`px-3 py-2 ${cardCell}`}>{day(s.soldOn)}</td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.seller')}>
            {s.sellerName}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.plan')}>
            {s.planName}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.customer')}>
            {s.customerRef}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('fields.gross')}>
            {money(s.gross, s.currency)}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.refunded')}>
            {s.refunded > 0 ? `${money(s.refunded, s.currency)}${s.refundedOn ? ` (${day(s.refundedOn)})` : ''}` : '—'}
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.commission')}>
            {money(s.commission, s.currency)} <span className="text-xs text-muted">({t('ui.rate', { rate: s.rate })})</span>
          </td>
          <td className={`px-3 py-2 ${cardCell}`} data-label={t('ui.net')}>
            {money(s.net, s.currency)}
          </td>
          {onRefund && (
            <td className={`px-3 py-2 ${cardCell}`}>
              {s.refunded < s.gross && (
                <button type="button" className={rowButton} onClick={() => onRefund(s)} data-testid="varket-sale-refund">
                  {t('ui.refund')}
                </button>
              )}
            </td>
          )}
        </tr>
      ))}
    </DataTable>
  );
}
