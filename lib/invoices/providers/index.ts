import { btcpayProvider } from './btcpay';
import { testProvider } from './test';
import type { CryptoProvider, ProviderSettings } from './types';

/** The processor root chose in the invoicing settings. */
export function providerFor(settings: ProviderSettings): CryptoProvider {
  return settings.cryptoProvider === 'btcpay' ? btcpayProvider(settings) : testProvider;
}
