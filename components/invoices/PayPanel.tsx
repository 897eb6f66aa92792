'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Link } from '@/components/ui/Link';
import { useCallback, useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { Notice } from '@/components/ui/Notice';
import { formatMoney } from '@/lib/format/money';
import { useLocale, useText } from '@/lib/i18n/client';
import { payMethodAtom } from '@/lib/invoices/atoms';
import type { InvoiceEvent } from '@/lib/invoices/events';
import { invoiceQuery, useInvoiceEvents, type Paying } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';
import { translateToken } from '@/lib/validation/messages';
import { CryptoPay } from './CryptoPay';
import { TransferPay } from './TransferPay';

const PAYABLE = new Set(['sent', 'viewed', 'partial', 'overdue']);

/** The pay page: how much (partial payments welcome), then crypto or a bank transfer. Live: a payment landing shows at once. */
export function PayPanel({ initial }: { initial: { invoice: InvoiceView; paying: Paying } }) {
  const t = useText('invoices');
  const locale = useLocale();
  const { data } = useQuery({ ...invoiceQuery(initial.invoice.id), initialData: initial });
  const { invoice, paying } = data;
  const tv = useText('validation');
  const max = BigInt(invoice.due) - BigInt(invoice.pending);
  const [minor, setMinor] = useState<string>(() => (max > 0n ? max : 0n).toString());
  const [chosen, setMethod] = useAtom(payMethodAtom);
  // Without a processor for this invoice there is no crypto to choose: the transfer is the way.
  const method = paying.crypto ? chosen : 'transfer';
  const onEvent = useCallback(
    (e: InvoiceEvent) => {
      if (e.id === invoice.id && e.status === 'paid') alerts.push({ type: 'success', text: t('payPage.settled') });
    },
    [invoice.id, t],
  );
  useInvoiceEvents(onEvent);

  const hint = t('payPage.amountHint', { max: formatMoney(max, invoice.currency, locale) });
  // MoneyInput gives minor units, or the reason it could not read the text.
  const read = /^\d+$/.test(minor) ? BigInt(minor) : null;
  const amountError = read === null ? (minor ? translateToken(minor, tv) : hint) : read <= 0n || read > max ? hint : undefined;
  const amount = amountError ? null : minor;

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
          <MoneyInput
            label={t('payPage.amount')}
            currency={invoice.currency}
            value={minor}
            onChange={setMinor}
            hint={amountError ? undefined : hint}
            error={amountError}
            testId="pay-amount"
          />
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
            <TransferPay invoice={invoice} instructions={paying.bankInstructions} bank={paying.bank} amount={amount} />
          )}
        </>
      )}
    </div>
  );
}
