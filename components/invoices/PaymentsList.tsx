'use client';

import type { ReactNode } from 'react';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { formatDateTime } from '@/lib/format/date';
import { formatMoney } from '@/lib/format/money';
import { useLocale, useText } from '@/lib/i18n/client';
import type { InvoiceView, PaymentView } from '@/lib/invoices/schemas';

/** The payments towards an invoice; `proofHref` links a transfer's proof, `actions` adds root's buttons. */
export function PaymentsList({
  invoice,
  proofHref,
  actions,
}: {
  invoice: InvoiceView;
  proofHref: (p: PaymentView) => string;
  actions?: (p: PaymentView) => ReactNode;
}) {
  const t = useText('invoices');
  const locale = useLocale();
  return (
    <section aria-labelledby="payments-heading" className="space-y-2">
      <h2 id="payments-heading" className="text-lg font-semibold">
        {t('payments.title')}
      </h2>
      {invoice.payments.length === 0 ? (
        <p className="text-sm text-muted">{t('payments.empty')}</p>
      ) : (
        <DataTable
          cards
          testId="invoice-payments"
          columns={[
            { label: t('payments.date') },
            { label: t('payments.method_label') },
            { label: t('payments.amount') },
            { label: t('payments.status_label') },
            { label: t('actions.confirm'), hidden: true },
          ]}
        >
          {invoice.payments.map((p) => (
            <tr key={p.id} data-testid="payment-row" data-method={p.method} data-status={p.status} data-provider={p.provider ?? undefined}>
              <th scope="row" className="px-3 py-2 font-normal max-sm:block max-sm:px-0">
                {formatDateTime(p.createdAt, locale)}
              </th>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('payments.method_label')}>
                {t(`payments.method.${p.method}`)}
                {/* Which processor took (or settled) a crypto payment: root must tell test money from real. */}
                {(p.provider === 'test' || p.provider === 'btcpay') && (
                  <span className="block text-xs text-muted" data-testid="payment-provider">
                    {t(`payments.provider.${p.provider}`)}
                  </span>
                )}
                {p.coin && p.coinAmount && <span className="block text-xs text-muted">{formatMoney(p.coinAmount, p.coin, locale)}</span>}
              </td>
              <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('payments.amount')}>
                {formatMoney(p.amount, invoice.currency, locale)}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('payments.status_label')}>
                {t(`payments.status.${p.status}`)}
                {p.note && <span className="block text-xs text-muted">{p.note}</span>}
              </td>
              <td className="px-3 py-2 max-sm:block max-sm:px-0">
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  {p.proofName && (
                    <a href={proofHref(p)} className="text-sm text-accent underline" target="_blank" rel="noopener">
                      {t('payments.proof')}
                    </a>
                  )}
                  {actions?.(p)}
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
