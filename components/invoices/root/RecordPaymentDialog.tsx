'use client';

import { useQueryClient } from '@tanstack/react-query';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormMoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { formatMoney } from '@/lib/format/money';
import { api } from '@/lib/http/api-client';
import { useLocale, useText } from '@/lib/i18n/client';
import { invoicesKeys } from '@/lib/invoices/queries';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { alerts } from '@/lib/shell/alerts';

/** Root records a payment it saw arrive; the amount is typed in the currency's units and sent in minor units. */
export function RecordPaymentDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const t = useText('invoices');
  const locale = useLocale();
  const client = useQueryClient();
  const { form, submit, bind, errorOf, busy } = useApiForm(() => import('@/lib/invoices/schemas').then((m) => m.manualPaymentSchema), {
    defaultValues: { amount: invoice.due, note: '' },
    onSubmit: async (values) => {
      const res = await api<{ invoice: InvoiceView; message: string }>(`root/invoices/${invoice.id}/payments`, { json: values });
      client.setQueryData(invoicesKeys.rootDetail(invoice.id), res.invoice);
      await client.invalidateQueries({ queryKey: [...invoicesKeys.root, 'list'] });
      alerts.push({ type: 'success', text: res.message });
      onClose();
    },
  });
  return (
    <Dialog title={t('actions.recordTitle', { number: invoice.number })} onClose={onClose} busy={busy} testId="record-payment">
      <form onSubmit={submit} noValidate>
        <div className="space-y-4 px-5 py-4">
          <FormMoneyInput
            control={form.control}
            name="amount"
            label={t('payments.amount')}
            currency={invoice.currency}
            required
            error={errorOf('amount')}
            hint={t('payPage.amountHint', { max: formatMoney(invoice.due, invoice.currency, locale) })}
            testId="record-amount"
          />
          <TextField label={t('actions.note')} {...bind('note')} />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('actions.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('actions.record')} busyLabel={t('actions.record')} testId="record-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
