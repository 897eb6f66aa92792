'use client';

import { Receipt } from 'lucide-react';
import { Link } from '@/components/ui/Link';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatMoney } from '@/lib/format/money';
import { useLocale, useText } from '@/lib/i18n/client';
import type { InvoiceSummary } from '@/lib/invoices/schemas';
import { StatusBadge } from './StatusBadge';
import { TestBadge } from './TestBadge';

/** A list of invoices, each number linking to `hrefOf(invoice)`; the project column for root. */
export function InvoiceTable({
  invoices,
  busy,
  hrefOf,
  showProject,
}: {
  invoices: InvoiceSummary[];
  busy: boolean;
  hrefOf: (i: InvoiceSummary) => string;
  showProject: boolean;
}) {
  const t = useText('invoices');
  const locale = useLocale();
  if (invoices.length === 0) return <EmptyState icon={Receipt} text={t('empty')} />;
  return (
    <DataTable
      cards
      busy={busy}
      testId="invoices"
      caption={t('title')}
      columns={[
        { label: t('col.number') },
        showProject && { label: t('col.project') },
        { label: t('col.status') },
        { label: t('col.dueDate') },
        { label: t('col.total') },
        { label: t('col.due') },
      ]}
    >
      {invoices.map((i) => (
        <tr key={i.id} data-testid="invoice-row" data-id={i.id}>
          <th scope="row" className="px-3 py-3 font-medium max-sm:block max-sm:px-0 max-sm:py-1">
            <Link href={hrefOf(i)} className="text-accent underline-offset-2 hover:underline">
              {i.number}
            </Link>
            {i.test && (
              <>
                {' '}
                <TestBadge label={t('test.badge')} />
              </>
            )}
          </th>
          {showProject && (
            <td className={`px-3 py-3 ${cardCell}`} data-label={t('col.project')}>
              {i.projectName}
            </td>
          )}
          <td className={`px-3 py-3 ${cardCell}`} data-label={t('col.status')}>
            <StatusBadge status={i.status} label={t(`status.${i.status}`)} />
          </td>
          <td className={`px-3 py-3 ${cardCell}`} data-label={t('col.dueDate')}>
            {i.dueDate}
          </td>
          <td className={`px-3 py-3 tabular-nums ${cardCell}`} data-label={t('col.total')}>
            {formatMoney(i.total, i.currency, locale)}
          </td>
          <td className={`px-3 py-3 tabular-nums ${cardCell}`} data-label={t('col.due')}>
            {formatMoney(i.due, i.currency, locale)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
