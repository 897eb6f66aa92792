import { createHmac, timingSafeEqual } from 'node:crypto';
import { minorToDecimal } from '../../format/money';
import { HttpError } from '../../http/errors';
import { logger } from '../../log/logger';
import type { ChargeUpdate, CryptoProvider, ProviderSettings } from './types';

// BTCPay Server through its Greenfield API: a store's rates, one BTCPay invoice per quote
// (priced in the coin itself, so BTCPay collects exactly the amount we locked), and webhooks
// signed with the store webhook's secret.

const TIMEOUT_MS = 10_000;
const COIN_DIGITS = { BTC: 8, USDT: 6 } as const;

async function call<T>(settings: ProviderSettings, path: string, init: RequestInit = {}): Promise<T> {
  const base = settings.btcpayUrl.replace(/\/+$/, '');
  const res = await fetch(`${base}/api/v1/stores/${encodeURIComponent(settings.btcpayStoreId)}${path}`, {
    ...init,
    headers: { Authorization: `token ${settings.btcpayApiKey}`, 'Content-Type': 'application/json', ...init.headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((err: unknown) => {
    logger.warn({ err: String(err) }, 'btcpay unreachable');
    throw new HttpError(502, 'invoicesProviderFailed');
  });
  if (!res.ok) {
    logger.warn({ status: res.status, path }, 'btcpay refused');
    throw new HttpError(502, 'invoicesProviderFailed');
  }
  return (await res.json()) as T;
}

export function btcpayProvider(settings: ProviderSettings): CryptoProvider {
  if (!settings.btcpayUrl || !settings.btcpayStoreId || !settings.btcpayApiKey) throw new HttpError(409, 'invoicesProviderNotConfigured');
  return {
    name: 'btcpay',
    async rate(coin, currency) {
      if (coin === currency) return '1';
      const pair = `${coin}_${currency}`;
      const rates = await call<{ currencyPair: string; rate: string; errors?: string[] }[]>(settings, `/rates?currencyPair=${encodeURIComponent(pair)}`);
      const found = rates.find((r) => r.currencyPair === pair && !r.errors?.length);
      const rate = found ? Number(found.rate) : NaN;
      if (!Number.isFinite(rate) || rate <= 0) throw new HttpError(409, 'invoicesNoRate', {}, { currency });
      return rate.toFixed(8).replace(/\.?0+$/, '');
    },
    async createCharge(request) {
      const minutes = Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 60_000));
      const created = await call<{ id: string; checkoutLink: string }>(settings, '/invoices', {
        method: 'POST',
        body: JSON.stringify({
          amount: minorToDecimal(request.coinAmount, COIN_DIGITS[request.coin]),
          currency: request.coin,
          metadata: { orderId: request.invoiceNumber, paymentId: request.paymentId },
          checkout: { expirationMinutes: minutes, paymentMethods: [request.coin === 'BTC' ? 'BTC' : 'USDT'] },
        }),
      });
      if (!created?.id) throw new HttpError(502, 'invoicesProviderFailed');
      return { ref: created.id, checkoutUrl: created.checkoutLink ?? null };
    },
  };
}

/** `BTCPay-Sig: sha256=<hex>` over the raw body with the webhook's secret, compared in constant time. */
export function verifyBtcpaySignature(rawBody: Uint8Array, header: string | null, secret: string): boolean {
  if (!secret || !header) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A Greenfield webhook delivery, as far as we read it. */
export type BtcpayEvent = {
  deliveryId?: string;
  originalDeliveryId?: string;
  type?: string;
  invoiceId?: string;
  storeId?: string;
  partiallyPaid?: boolean;
  overPaid?: boolean;
  afterExpiration?: boolean;
  paymentMethodPaid?: boolean;
};

/**
 * What the event says about the charge: New/Processing/Settled/Expired/Invalid with the
 * paidPartial/paidOver/paidLate flags; null for events that change nothing here.
 */
export function updateFromBtcpay(event: BtcpayEvent): ChargeUpdate | null {
  if (!event.invoiceId) return null;
  const flags = { paidPartial: Boolean(event.partiallyPaid), paidOver: Boolean(event.overPaid), paidLate: Boolean(event.afterExpiration) };
  switch (event.type) {
    case 'InvoiceCreated':
      return { ref: event.invoiceId, status: 'New', ...flags };
    case 'InvoiceReceivedPayment':
    case 'InvoiceProcessing':
      return { ref: event.invoiceId, status: 'Processing', ...flags };
    case 'InvoiceSettled':
    case 'InvoicePaymentSettled':
      return event.type === 'InvoiceSettled' ? { ref: event.invoiceId, status: 'Settled', ...flags } : null;
    case 'InvoiceExpired':
      return { ref: event.invoiceId, status: 'Expired', ...flags };
    case 'InvoiceInvalid':
      return { ref: event.invoiceId, status: 'Invalid', ...flags };
    default:
      return null;
  }
}
