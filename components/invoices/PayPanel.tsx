'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import Link from 'next/link';
import { useCallback, useId, useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { Notice } from '@/components/ui/Notice';
import { formatMoney, minorToDecimal, minorUnitsOf } from '@/lib/format/money';
import { useLocale, useText } from '@/lib/i18n/client';
import { payMethodAtom } from '@/lib/invoices/atoms';
import type { InvoiceEvent } from '@/lib/invoices/events';
import { parseScaled } from '@/lib/invoices/money';
import { invoiceQuery, useInvoiceEvents, type Paying } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';
import { CryptoPay } from './CryptoPay';
import { TransferPay } from './TransferPay';

const PAYABLE = new Set(['sent', 'viewed', 'partial', 'overdue']);

/** The pay page: how much (partial payments welcome), then crypto or a bank transfer. Live: a payment landing shows at once. */
export function PayPanel({ initial }: { initial: { invoice: InvoiceView; paying: Paying } }) {
  const t = useText('invoices');
  const locale = useLocale();
  const { data } = useQuery({ ...invoiceQuery(initial.invoice.id), initialData: initial });
  const { invoice, paying } = data;
  const digits = minorUnitsOf(invoice.currency);
  const max = BigInt(invoice.due) - BigInt(invoice.pending);
  const [amountText, setAmountText] = useState<string>(() => minorToDecimal(max > 0n ? max : 0n, digits));
  const [chosen, setMethod] = useAtom(payMethodAtom);
  // Without a processor for this invoice there is no crypto to choose: the transfer is the way.
  const method = paying.crypto ? chosen : 'transfer';
  const amountId = useId();
  const onEvent = useCallback(
    (e: InvoiceEvent) => {
      if (e.id === invoice.id && e.status === 'paid') alerts.push({ type: 'success', text: t('payPage.settled') });
    },
    [invoice.id, t],
  );
  useInvoiceEvents(onEvent);

  const minor = parseScaled(amountText.replace(',', '.'), digits);
  const amountError =
    minor === null || minor <= 0n
      ? t('payPage.amountHint', { max: formatMoney(max, invoice.currency, locale) })
      : minor > max
        ? t('payPage.amountHint', { max: formatMoney(max, invoice.currency, locale) })
        : undefined;
  const amount = amountError ? null : minor!.toString();

  return (
    <div className="max-w-2xl space-y-6">
      <Link href={`/dashboard/invoices/${invoice.id}`} className={secondaryButton}>
        {t('back')}
      </Link>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3" aria-live="polite">
        <div>
          <dt className="text-muted">{t('total')}</dt>
          <dd className="font-medium tabular-nums">{formatMoney(invoice.total, invoice.currency, locale)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('paid')}</dt>
          <dd className="font-medium tabular-nums" data-testid="pay-paid">
            {formatMoney(invoice.paid, invoice.currency, locale)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('amountDue')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="pay-due">
            {formatMoney(invoice.due, invoice.currency, locale)}
          </dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className="sr-only">{t('status.label')}</dt>
          <dd data-testid="pay-status" data-status={invoice.status}>
            {t('status.label')}: {t(`status.${invoice.status}`)} <span className="text-xs text-muted">· {t('payPage.live')}</span>
          </dd>
        </div>
      </dl>
      {invoice.status === 'paid' ? (
        <Notice tone="success" title={t('payPage.paidInFull')} />
      ) : !PAYABLE.has(invoice.status) || max <= 0n ? (
        <Notice tone="info" title={invoice.pending !== '0' ? t('pending') : t('payPage.notPayable')} />
      ) : (
        <>
          <div>
            <label htmlFor={amountId} className="mb-1 block text-sm font-medium">
              {t('payPage.amount')} ({invoice.currency})
            </label>
            <input
              id={amountId}
              inputMode="decimal"
              value={amountText}
              onChange={(e) => setAmountText(e.target.value)}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${amountId}-hint`}
              className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
              data-testid="pay-amount"
            />
            <p id={`${amountId}-hint`} className={`mt-1 text-xs ${amountError ? 'text-red-700 dark:text-red-400' : 'text-muted'}`}>
              {t('payPage.amountHint', { max: formatMoney(max, invoice.currency, locale) })}
            </p>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('payPage.methods')}</legend>
            <div className="flex flex-wrap gap-4">
              {(paying.crypto ? (['crypto', 'transfer'] as const) : (['transfer'] as const)).map((m) => (
                <label key={m} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="pay-method" value={m} checked={method === m} onChange={() => setMethod(m)} data-testid={`pay-method-${m}`} />
                  {t(`payPage.${m}`)}
                </label>
              ))}
            </div>
            {!paying.crypto && (
              <p className="mt-2 text-sm text-muted" data-testid="pay-no-crypto">
                {t('payPage.noCrypto')}
              </p>
            )}
          </fieldset>
          {method === 'crypto' && paying.crypto ? (
            <CryptoPay invoice={invoice} provider={paying.crypto} amount={amount} />
          ) : (
            <TransferPay invoice={invoice} instructions={paying.bankInstructions} amount={amount} />
          )}
        </>
      )}
    </div>
  );
}
