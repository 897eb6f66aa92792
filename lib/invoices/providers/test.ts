import { HttpError } from '../../http/errors';
import type { Coin } from '../schemas';
import type { CryptoProvider } from './types';

// The built-in processor: works offline with fixed rates, so the whole payment flow runs in
// tests and in the demo. Its charges are settled by the pay page's "simulate payment" button,
// which goes through the same update path as a real processor's webhook. It serves test
// invoices only (providerFor), and settle() never counts it towards a real one.

/** Units of each currency one US dollar buys (rough, fixed: this provider is for tests and demos). */
const PER_USD: Record<string, string> = {
  USD: '1',
  USDT: '1',
  EUR: '0.92',
  GBP: '0.79',
  CAD: '1.36',
  CLP: '940',
  MXN: '17.1',
  JPY: '150',
  BRL: '5',
  ARS: '900',
};
const USD_PER_COIN: Record<Coin, number> = { BTC: 50_000, USDT: 1 };

export const testProvider: CryptoProvider = {
  name: 'test',
  async rate(coin, currency) {
    if (currency === coin) return '1';
    if (currency === 'BTC') return coin === 'USDT' ? '0.00002' : '1';
    const perUsd = PER_USD[currency];
    if (!perUsd) throw new HttpError(409, 'invoicesNoRate', {}, { currency });
    // Exact to 8 places for these table values.
    return (Number(perUsd) * USD_PER_COIN[coin]).toFixed(8).replace(/\.?0+$/, '');
  },
  async createCharge(request) {
    return { ref: `test_${request.paymentId}`, checkoutUrl: null };
  },
};
