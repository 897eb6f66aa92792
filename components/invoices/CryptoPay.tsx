'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/buttons';
import { Select } from '@/components/ui/Select';
import { formatSeconds } from '@/lib/format/date';
import { formatDecimalMoney, formatMoney } from '@/lib/format/money';
import { api, showError } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { invoicesKeys, type Paying } from '@/lib/invoices/queries';
import { COINS, type CryptoMethod, type InvoiceView } from '@/lib/invoices/schemas';

/** Seconds left until `expiresAt`, ticking each second. */
function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000)) : 0;
}

/** Crypto: a quote locks the coin amount for 15 minutes (mm:ss shown); an expired one is renewed by asking again. */
export function CryptoPay({ invoice, provider, amount }: { invoice: InvoiceView; provider: NonNullable<CryptoMethod>; amount: string | null }) {
  const t = useText('invoices');
  const te = useText('errors');
  const locale = useLocale();
  const client = useQueryClient();
  const coinId = useId();
  const [coin, setCoin] = useState<string>('BTC');
  const open = [...invoice.payments].reverse().find((p) => p.method === 'crypto' && p.status === 'pending');
  const left = useSecondsLeft(open?.expiresAt ?? null);
  const expired = Boolean(open && left === 0 && open.providerStatus === 'New');

  const write = useMutation({
    mutationFn: (call: { path: string; json?: unknown }) => api<{ invoice: InvoiceView }>(call.path, { json: call.json }),
    onSuccess: (res) =>
      client.setQueryData(invoicesKeys.detail(invoice.id), (old: { invoice: InvoiceView; paying: Paying } | undefined) =>
        old ? { ...old, invoice: res.invoice } : old,
      ),
    onError: (error) => showError(error, te),
  });
  const quote = () => amount && write.mutate({ path: `invoices/${invoice.id}/quote`, json: { coin, amount } });

  return (
    <div className="space-y-4 rounded-card border border-line p-4" data-testid="crypto-pay" data-provider={provider}>
      {provider === 'test' && (
        <p className="rounded-control border border-violet-600/40 bg-violet-600/10 p-3 text-sm" data-testid="crypto-test-processor">
          {t('payPage.testProcessor')}
        </p>
      )}
      <div className="max-w-xs">
        <label htmlFor={coinId} className="mb-1 block text-sm font-medium">
          {t('payPage.coin')}
        </label>
        <Select id={coinId} value={coin} onChange={setCoin} options={COINS.map((c) => ({ value: c, label: c }))} testId="pay-coin" />
      </div>
      {open && !expired && open.coin && open.coinAmount ? (
        <div className="space-y-3" data-testid="crypto-quote">
          <p className="text-sm">
            {t('payPage.quoteLocked', {
              amount: formatMoney(open.coinAmount, open.coin, locale),
              coin: open.coin,
              rate: open.rate ? formatDecimalMoney(open.rate, invoice.currency, locale) : '',
              time: formatSeconds(left),
            })}
          </p>
          <p className="text-2xl font-semibold tabular-nums" role="timer" aria-label={t('payPage.quoteTime')} data-testid="quote-countdown">
            {formatSeconds(left)}
          </p>
          <div className="flex flex-wrap gap-2">
            {open.checkoutUrl && (
              <a href={open.checkoutUrl} target="_blank" rel="noopener" className={primaryButton}>
                {t('payPage.checkout')}
              </a>
            )}
            {provider === 'test' && (
              <button
                type="button"
                className={primaryButton}
                disabled={write.isPending}
                onClick={() => write.mutate({ path: `invoices/${invoice.id}/payments/${open.id}/simulate` })}
                data-testid="crypto-simulate"
              >
                {t('payPage.simulate')}
              </button>
            )}
            <button type="button" className={secondaryButton} disabled={write.isPending || !amount} onClick={quote}>
              {t('payPage.quoteRenew')}
            </button>
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          {expired && (
            <p className="text-sm text-amber-800 dark:text-amber-300" role="status" data-testid="quote-expired">
              {t('payPage.quoteExpired')}
            </p>
          )}
          <button type="button" className={primaryButton} disabled={write.isPending || !amount} onClick={quote} data-testid="crypto-quote-get">
            {expired ? t('payPage.quoteRenew') : t('payPage.quote')}
          </button>
        </div>
      )}
    </div>
  );
}
