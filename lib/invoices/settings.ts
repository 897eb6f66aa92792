import { audit } from '../audit/service';
import { actorOf, type SignedInContext } from '../http/route';
import { env } from '../env';
import { printedAccount } from './bank';
import { loadSettings } from './settings-row';
import { invoiceSettings, type CryptoSetting, type InvoiceSettings } from './tables';
import type { invoiceSettingsSchema } from './schemas';
import type { z } from 'zod/mini';

export { loadSettings } from './settings-row';

/** What root's settings form shows: the secrets only as "set" flags. */
export type SettingsView = {
  bankInstructions: string;
  cryptoProvider: CryptoSetting;
  btcpayUrl: string;
  btcpayStoreId: string;
  btcpayApiKeySet: boolean;
  btcpayWebhookSecretSet: boolean;
  issuerName: string;
  issuerAddress: string;
  issuerTaxId: string;
  bankHolder: string;
  bankAccount: string;
  bankBic: string;
  bankName: string;
  /** PAYMENTS_TEST is on: the invoices issued now are test invoices. */
  paymentsTest: boolean;
};

export function settingsView(s: InvoiceSettings): SettingsView {
  return {
    bankInstructions: s.bankInstructions,
    cryptoProvider: s.cryptoProvider,
    btcpayUrl: s.btcpayUrl,
    btcpayStoreId: s.btcpayStoreId,
    btcpayApiKeySet: Boolean(s.btcpayApiKey),
    btcpayWebhookSecretSet: Boolean(s.btcpayWebhookSecret),
    issuerName: s.issuerName,
    issuerAddress: s.issuerAddress,
    issuerTaxId: s.issuerTaxId,
    bankHolder: s.bankHolder,
    bankAccount: s.bankAccount,
    bankBic: s.bankBic,
    bankName: s.bankName,
    paymentsTest: env().PAYMENTS_TEST,
  };
}

/** BTCPay Server is chosen and has what its calls need: only then do real invoices take crypto. */
export function btcpayReady(s: InvoiceSettings): boolean {
  return s.cryptoProvider === 'btcpay' && Boolean(s.btcpayUrl && s.btcpayStoreId && s.btcpayApiKey);
}

/** Saves root's settings; an empty secret keeps the stored one. */
export async function saveSettings(ctx: SignedInContext, input: z.output<typeof invoiceSettingsSchema>): Promise<SettingsView> {
  return ctx.db.transaction(async (tx) => {
    const current = await loadSettings(tx);
    const next = {
      bankInstructions: input.bankInstructions ?? '',
      cryptoProvider: input.cryptoProvider,
      btcpayUrl: input.btcpayUrl ?? '',
      btcpayStoreId: input.btcpayStoreId ?? '',
      btcpayApiKey: input.btcpayApiKey || current.btcpayApiKey,
      btcpayWebhookSecret: input.btcpayWebhookSecret || current.btcpayWebhookSecret,
      issuerName: input.issuerName ?? '',
      issuerAddress: input.issuerAddress ?? '',
      issuerTaxId: input.issuerTaxId ?? '',
      bankHolder: input.bankHolder ?? '',
      // Stored as banks print them: an IBAN or BIC in capitals without the typist's spacing.
      bankAccount: input.bankAccount ? printedAccount(input.bankAccount) : '',
      bankBic: (input.bankBic ?? '').replace(/\s+/g, '').toUpperCase(),
      bankName: input.bankName ?? '',
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(invoiceSettings)
      .values({ id: 1, ...next })
      .onConflictDoUpdate({ target: invoiceSettings.id, set: next })
      .returning();
    await audit(
      tx,
      { ...actorOf(ctx), projectId: null },
      {
        action: 'invoice.settings',
        data: {
          cryptoProvider: next.cryptoProvider,
          btcpayUrl: next.btcpayUrl,
          apiKeyChanged: Boolean(input.btcpayApiKey),
          secretChanged: Boolean(input.btcpayWebhookSecret),
        },
      },
    );
    return settingsView(row);
  });
}
