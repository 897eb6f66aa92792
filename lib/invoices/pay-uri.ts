import { minorToDecimal, minorUnitsOf } from '../format/money';
import type { PaymentView } from './schemas';

// What the PDF's QR code carries for a crypto payment: a BIP 21-style payment URI with the
// quote's exact coin amount. The processors give us no wallet address (BTCPay keeps it behind
// its checkout), so the checkout travels as the request URL (`r`, BIP 72) when there is one.

const SCHEMES: Record<string, string> = { BTC: 'bitcoin', USDT: 'tether' };

/** The open quote a payer can still send: a crypto payment waiting for its first transaction, not yet expired. */
export function openQuote(payments: readonly PaymentView[], now = Date.now()): PaymentView | null {
  return (
    payments.find(
      (p) =>
        p.method === 'crypto' && p.status === 'pending' && p.providerStatus === 'New' && p.coin && p.coinAmount && p.expiresAt && Date.parse(p.expiresAt) > now,
    ) ?? null
  );
}

export function paymentUri(quote: Pick<PaymentView, 'coin' | 'coinAmount' | 'checkoutUrl'>, invoiceNumber: string): string {
  const coin = quote.coin ?? 'BTC';
  // BIP 21 amounts are plain decimals; the coin's trailing zeros say nothing.
  const amount = minorToDecimal(quote.coinAmount ?? '0', minorUnitsOf(coin))
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  const params = new URLSearchParams({ amount, label: invoiceNumber });
  if (quote.checkoutUrl) params.set('r', quote.checkoutUrl);
  return `${SCHEMES[coin] ?? coin.toLowerCase()}:?${params.toString()}`;
}
