'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { FormMoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { VARKET_LIMITS, type PlanView, type SellerView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

/**
 * Records a sale: active plans and sellers that are not suspended only. The gross starts at
 * the plan's price; the commission and net are the server's to compute.
 */
export function SaleDialog({ plans, sellers, today, onClose }: { plans: PlanView[]; sellers: SellerView[]; today: string; onClose: () => void }) {
  const t = useText('varket');
  const write = useVarketWrite();
  const open = plans.filter((p) => p.status === 'active');
  const able = sellers.filter((s) => s.status !== 'suspended');
  const first = open[0];
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.saleFormSchema), {
    defaultValues: {
      planId: first?.id ?? '',
      sellerId: able[0]?.id ?? '',
      customerRef: '',
      gross: first ? String(first.price) : '',
      soldOn: today,
    },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync({ path: 'varket/sales', method: 'POST', json: values });
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  const currency = plans.find((p) => p.id === form.watch('planId'))?.currency ?? 'USD';
  return (
    <Dialog title={t('ui.recordSale')} onClose={onClose} busy={busy} testId="varket-sale-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <FormSelect
            control={form.control}
            name="planId"
            label={t('fields.plan')}
            error={errorOf('planId')}
            required
            options={open.map((p) => ({ value: p.id, label: `${p.name} (${p.currency})` }))}
            onPick={(value) => {
              // The gross starts at the chosen plan's price.
              const plan = open.find((p) => p.id === value);
              if (plan) form.setValue('gross', String(plan.price));
            }}
            testId="varket-sale-plan"
          />
          <FormSelect
            control={form.control}
            name="sellerId"
            label={t('fields.seller')}
            error={errorOf('sellerId')}
            required
            options={able.map((s) => ({ value: s.id, label: s.name }))}
            testId="varket-sale-seller"
          />
          <TextField
            label={t('fields.customerRef')}
            required
            maxLength={VARKET_LIMITS.customerRef}
            registration={form.register('customerRef')}
            error={errorOf('customerRef')}
            data-testid="varket-sale-customer"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormMoneyInput
              control={form.control}
              name="gross"
              label={t('fields.gross')}
              required
              currency={currency}
              error={errorOf('gross')}
              testId="varket-sale-gross"
            />
            <TextField
              label={t('fields.soldOn')}
              type="date"
              required
              max={today}
              registration={form.register('soldOn')}
              error={errorOf('soldOn')}
              data-testid="varket-sale-date"
            />
          </div>
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.recordSale')} busyLabel={t('ui.recordSale')} testId="varket-sale-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
