'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormMoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { SaleView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

/** Refunds part or the rest of a sale (the amount starts at what is left). */
export function RefundDialog({ sale, today, onClose }: { sale: SaleView; today: string; onClose: () => void }) {
  const t = useText('varket');
  const write = useVarketWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.refundFormSchema), {
    defaultValues: { amount: String(sale.gross - sale.refunded), refundedOn: today },
    onSubmit: async (values) => {
      const json = { amount: values.amount ?? null, refundedOn: values.refundedOn };
      const saved = await write.mutateAsync({ path: `varket/sales/${sale.id}/refund`, method: 'POST', json });
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  return (
    <Dialog title={t('ui.refundTitle')} onClose={onClose} busy={busy} testId="varket-refund-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <p className="text-sm text-muted">
            {sale.sellerName} · {sale.planName} · {sale.customerRef}
          </p>
          <FormMoneyInput
            control={form.control}
            name="amount"
            label={t('fields.refundAmount')}
            currency={sale.currency}
            error={errorOf('amount')}
            testId="varket-refund-amount"
          />
          <TextField label={t('fields.refundedOn')} type="date" required registration={form.register('refundedOn')} error={errorOf('refundedOn')} />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.refund')} busyLabel={t('ui.refund')} testId="varket-refund-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
