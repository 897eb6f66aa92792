import { HttpError } from '../../http/errors';
import type { CryptoMethod } from '../schemas';
import type { Invoice, InvoiceSettings } from '../tables';
import { btcpayReady } from '../settings';
import { btcpayProvider } from './btcpay';
import { testProvider } from './test';
import type { CryptoProvider } from './types';

/**
 * Who takes crypto for this invoice: a test invoice only ever the test processor (never real
 * money for a made-up bill), a real one only BTCPay Server once root has set it up; else nobody.
 */
export function cryptoMethodFor(invoice: Pick<Invoice, 'test'>, settings: InvoiceSettings): CryptoMethod {
  if (invoice.test) return 'test';
  return btcpayReady(settings) ? 'btcpay' : null;
}

/** The processor for a quote on this invoice; 409 when crypto is not offered for it. */
export function providerFor(invoice: Pick<Invoice, 'test'>, settings: InvoiceSettings): CryptoProvider {
  const method = cryptoMethodFor(invoice, settings);
  if (method === 'test') return testProvider;
  if (method === 'btcpay') return btcpayProvider(settings);
  throw new HttpError(409, 'invoicesCryptoUnavailable');
}
