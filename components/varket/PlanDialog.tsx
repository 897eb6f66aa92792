'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { FormMoneyInput } from '@/components/ui/MoneyInput';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { isCurrency } from '@/lib/invoices/schemas';
import { PLAN_INTERVALS, PLAN_STATUSES, VARKET_LIMITS, type PlanView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

/** Creates a plan (`plan` null) or edits one; the price is typed in the currency's unit. */
export function PlanDialog({ plan, onClose }: { plan: PlanView | null; onClose: () => void }) {
  const t = useText('varket');
  const write = useVarketWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.planFormSchema), {
    defaultValues: {
      name: plan?.name ?? '',
      description: plan?.description ?? '',
      price: plan ? String(plan.price) : '',
      currency: plan?.currency ?? 'USD',
      interval: plan?.interval ?? 'monthly',
      status: plan?.status ?? 'active',
    },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync(
        plan ? { path: `varket/plans/${plan.id}`, method: 'PUT', json: values } : { path: 'varket/plans', method: 'POST', json: values },
      );
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  // Until the code is a currency the amount reads as dollars would.
  const typed = form.watch('currency') ?? '';
  const currency = isCurrency(typed) ? typed : 'USD';
  const choice = (name: 'interval' | 'status', values: readonly string[], labels: string) => (
    <FormSelect
      control={form.control}
      name={name}
      label={t(`fields.${name}`)}
      error={errorOf(name)}
      options={values.map((v) => ({ value: v, label: t(`${labels}.${v}`) }))}
      testId={`varket-plan-${name}`}
    />
  );
  return (
    <Dialog title={plan ? t('ui.editPlan') : t('ui.newPlan')} onClose={onClose} busy={busy} testId="varket-plan-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('fields.name')}
            required
            maxLength={VARKET_LIMITS.name}
            registration={form.register('name')}
            error={errorOf('name')}
            data-testid="varket-plan-name"
          />
          <TextField
            label={t('fields.description')}
            maxLength={VARKET_LIMITS.description}
            registration={form.register('description')}
            error={errorOf('description')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormMoneyInput
              control={form.control}
              name="price"
              label={t('fields.price')}
              required
              currency={currency}
              error={errorOf('price')}
              testId="varket-plan-price"
            />
            <TextField
              label={t('fields.currency')}
              required
              maxLength={4}
              registration={form.register('currency', { setValueAs: (v) => String(v ?? '').toUpperCase() })}
              error={errorOf('currency')}
              data-testid="varket-plan-currency"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {choice('interval', PLAN_INTERVALS, 'interval')}
            {choice('status', PLAN_STATUSES, 'planStatus')}
          </div>
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.save')} busyLabel={t('ui.save')} testId="varket-plan-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
