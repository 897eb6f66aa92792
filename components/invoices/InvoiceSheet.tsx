'use client';

import { DataTable, cardCell } from '@/components/ui/DataTable';
import { formatMoney } from '@/lib/format/money';
import { useLocale, useText } from '@/lib/i18n/client';
import { PRICE_DIGITS } from '@/lib/invoices/money';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { StatusBadge } from './StatusBadge';
import { TestBadge } from './TestBadge';

/** The invoice as a document: header, lines and totals, with the stored figures (never recomputed here). */
export function InvoiceSheet({ invoice }: { invoice: InvoiceView }) {
  const t = useText('invoices');
  const locale = useLocale();
  const money = (v: string) => formatMoney(v, invoice.currency, locale);
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div key={label} className={`flex justify-between gap-4 py-1 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section className="space-y-4" aria-labelledby="invoice-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invoice-heading" className="text-xl font-semibold" data-testid="invoice-number">
          {t('invoice')} {invoice.number}
        </h2>
        <div className="flex flex-wrap gap-2">
          {invoice.test && <TestBadge label={t('test.badge')} />}
          <StatusBadge status={invoice.status} label={t(`status.${invoice.status}`)} />
        </div>
      </div>
      {invoice.test && (
        <p className="rounded-control border border-violet-600/40 bg-violet-600/10 p-3 text-sm" data-testid="invoice-test-notice">
          {t('test.notice')}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">{t('billedTo')}</dt>
          <dd>{invoice.projectName}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('issueDate')}</dt>
          <dd>{invoice.issueDate}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('dueDate')}</dt>
          <dd>{invoice.dueDate}</dd>
        </div>
      </dl>
      <DataTable
        cards
        caption={t('invoice')}
        columns={[{ label: t('line.description') }, { label: t('line.quantity') }, { label: t('line.unitPrice') }, { label: t('line.amount') }]}
      >
        {invoice.lines.map((l, i) => (
          <tr key={i} data-testid="invoice-line">
            <th scope="row" className="px-3 py-2 font-normal max-sm:block max-sm:px-0">
              {l.description}
            </th>
            <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('line.quantity')}>
              {l.quantity}
            </td>
            <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('line.unitPrice')} data-testid="invoice-line-price">
              {formatMoney(l.unitPrice, invoice.currency, locale, PRICE_DIGITS)}
            </td>
            <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('line.amount')}>
              {money(l.amount)}
            </td>
          </tr>
        ))}
      </DataTable>
      <dl className="ml-auto max-w-sm text-sm">
        {row(t('subtotal'), money(invoice.subtotal))}
        {invoice.discountTotal !== '0' && row(t('discount'), `−${money(invoice.discountTotal)}`)}
        {invoice.taxes.map((tax) => row(`${tax.name} ${tax.rate}%${tax.compound ? ` (${t('compound')})` : ''}`, money(tax.amount)))}
        {row(t('total'), money(invoice.total), true, 'invoice-total')}
        {row(t('paid'), money(invoice.paid), false, 'invoice-paid')}
        {invoice.pending !== '0' && row(t('pending'), money(invoice.pending))}
        {row(t('amountDue'), money(invoice.due), true, 'invoice-due')}
      </dl>
      {(invoice.terms || invoice.notes) && (
        <div className="grid gap-4 text-sm sm:grid-cols-2">
          {invoice.terms && (
            <div>
              <h3 className="font-medium">{t('terms')}</h3>
              <p className="whitespace-pre-line text-muted">{invoice.terms}</p>
            </div>
          )}
          {invoice.notes && (
            <div>
              <h3 className="font-medium">{t('notes')}</h3>
              <p className="whitespace-pre-line text-muted">{invoice.notes}</p>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
