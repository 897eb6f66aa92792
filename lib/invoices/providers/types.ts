import type { Coin } from '../schemas';
import type { InvoiceSettings } from '../tables';

/** What a crypto processor reports about one charge, in BTCPay Server's words (the richest of them). */
export type ChargeStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
export type ChargeFlags = { paidPartial?: boolean; paidOver?: boolean; paidLate?: boolean };
export type ChargeUpdate = { ref: string; status: ChargeStatus } & ChargeFlags;

export type ChargeRequest = {
  paymentId: string;
  invoiceNumber: string;
  coin: Coin;
  /** The coin amount to collect, in the coin's minor units (the quote already locked it). */
  coinAmount: bigint;
  expiresAt: Date;
};

/** A crypto payment processor: quotes a rate, opens a charge, and later confirms it (webhook or test). */
export interface CryptoProvider {
  readonly name: 'test' | 'btcpay';
  /** Units of `currency` one coin is worth now, as a decimal string with up to 8 places. */
  rate(coin: Coin, currency: string): Promise<string>;
  /** Opens the charge on the processor; `ref` is its id, `checkoutUrl` where the payer pays (if any). */
  createCharge(request: ChargeRequest): Promise<{ ref: string; checkoutUrl: string | null }>;
}

export type ProviderSettings = Pick<InvoiceSettings, 'cryptoProvider' | 'btcpayUrl' | 'btcpayStoreId' | 'btcpayApiKey' | 'btcpayWebhookSecret'>;
