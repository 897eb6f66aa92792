'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { Select } from '@/components/ui/Select';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { invoiceSettingsQuery, invoicesKeys } from '@/lib/invoices/queries';
import type { SettingsView } from '@/lib/invoices/settings';
import { alerts } from '@/lib/shell/alerts';

function SettingsForm({ current, onClose }: { current: SettingsView; onClose: () => void }) {
  const t = useText('invoices');
  const client = useQueryClient();
  const ids = { bank: useId(), provider: useId(), address: useId() };
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/invoices/schemas').then((m) => m.invoiceSettingsSchema), {
    defaultValues: {
      bankInstructions: current.bankInstructions,
      cryptoProvider: current.cryptoProvider,
      btcpayUrl: current.btcpayUrl,
      btcpayStoreId: current.btcpayStoreId,
      btcpayApiKey: '',
      btcpayWebhookSecret: '',
      issuerName: current.issuerName,
      issuerAddress: current.issuerAddress,
      issuerTaxId: current.issuerTaxId,
      bankHolder: current.bankHolder,
      bankAccount: current.bankAccount,
      bankBic: current.bankBic,
      bankName: current.bankName,
    },
    onSubmit: async (values) => {
      const res = await api<{ settings: SettingsView; message: string }>('root/invoices/settings', { method: 'PUT', json: values });
      client.setQueryData(invoicesKeys.settings(), res.settings);
      // An open editor's preview prints the issuer and the bank account: draw it again.
      await client.invalidateQueries({ queryKey: [...invoicesKeys.root, 'preview'] });
      alerts.push({ type: 'success', text: res.message });
      onClose();
    },
  });
  const provider = form.watch('cryptoProvider');
  return (
    <form onSubmit={submit} noValidate>
      <div className="space-y-4 px-5 py-4">
        {current.paymentsTest && (
          <p className="rounded-control border border-violet-600/40 bg-violet-600/10 p-3 text-sm" data-testid="settings-test-mode">
            {t('settings.testMode')}
          </p>
        )}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('settings.issuerTitle')}</legend>
          <TextField label={t('settings.issuerName')} hint={t('settings.issuerNameHint')} {...bind('issuerName')} data-testid="settings-issuer-name" />
          <FieldFrame id={ids.address} label={t('settings.issuerAddress')} error={errorOf('issuerAddress')}>
            <textarea
              rows={3}
              {...wiring(ids.address, { error: errorOf('issuerAddress') })}
              {...form.register('issuerAddress')}
              className={selectClass}
              data-testid="settings-issuer-address"
            />
          </FieldFrame>
          <TextField label={t('settings.issuerTaxId')} {...bind('issuerTaxId')} data-testid="settings-issuer-tax-id" />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">{t('settings.bankTitle')}</legend>
          <TextField label={t('settings.bankHolder')} {...bind('bankHolder')} />
          <TextField label={t('settings.bankAccount')} hint={t('settings.bankAccountHint')} {...bind('bankAccount')} data-testid="settings-bank-account" />
          <TextField
            label={t('settings.bankBic')}
            hint={t('settings.bankBicHint')}
            autoCapitalize="characters"
            {...bind('bankBic')}
            data-testid="settings-bank-bic"
          />
          <TextField label={t('settings.bankName')} {...bind('bankName')} />
        </fieldset>
        <FieldFrame id={ids.bank} label={t('settings.bank')} error={errorOf('bankInstructions')}>
          <textarea id={ids.bank} rows={5} {...form.register('bankInstructions')} className={selectClass} data-testid="settings-bank" />
        </FieldFrame>
        <Controller
          control={form.control}
          name="cryptoProvider"
          render={({ field }) => (
            <FieldFrame id={ids.provider} label={t('settings.provider')} hint={t('settings.providerHint')}>
              <Select
                id={ids.provider}
                value={field.value ?? 'none'}
                onChange={field.onChange}
                options={[
                  { value: 'none', label: t('settings.providerNone') },
                  { value: 'btcpay', label: t('settings.providerBtcpay') },
                ]}
                testId="settings-provider"
                aria-describedby={`${ids.provider}-hint`}
              />
            </FieldFrame>
          )}
        />
        {provider === 'btcpay' && (
          <>
            <TextField label={t('settings.btcpayUrl')} type="url" {...bind('btcpayUrl')} />
            <TextField label={t('settings.storeId')} {...bind('btcpayStoreId')} />
            <TextField
              label={t('settings.apiKey')}
              type="password"
              autoComplete="off"
              hint={current.btcpayApiKeySet ? t('settings.secretSet') : undefined}
              {...bind('btcpayApiKey')}
            />
            <TextField
              label={t('settings.webhookSecret')}
              type="password"
              autoComplete="off"
              hint={current.btcpayWebhookSecretSet ? t('settings.secretSet') : undefined}
              {...bind('btcpayWebhookSecret')}
            />
            <p className="text-xs text-muted">{t('settings.webhookUrl', { url: `${location.origin}/api/invoices/webhooks/btcpay` })}</p>
          </>
        )}
      </div>
      <DialogActions onCancel={onClose} cancelLabel={t('actions.cancel')} busy={busy} bar>
        <DialogSubmit busy={busy} label={t('settings.save')} busyLabel={t('settings.save')} testId="settings-save" />
      </DialogActions>
    </form>
  );
}

/** Root's invoicing settings: the issuer the PDF names, the bank account, transfer instructions and the crypto processor. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const t = useText('invoices');
  const { data } = useQuery(invoiceSettingsQuery());
  return (
    <Dialog title={t('settings.title')} onClose={onClose} wide testId="invoice-settings-dialog">
      {data ? <SettingsForm current={data} onClose={onClose} /> : <p className="px-5 py-4 text-sm text-muted">…</p>}
    </Dialog>
  );
}
