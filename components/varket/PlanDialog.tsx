'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { fromMinor, toMinor } from '@/lib/varket/amounts';
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
      price: plan ? fromMinor(plan.price, plan.currency) : '',
      currency: plan?.currency ?? 'USD',
      interval: plan?.interval ?? 'monthly',
      status: plan?.status ?? 'active',
    },
    onSubmit: async (values) => {
      const json = { ...values, price: toMinor(values.price, values.currency) };
      const saved = await write.mutateAsync(plan ? { path: `varket/plans/${plan.id}`, method: 'PUT', json } : { path: 'varket/plans', method: 'POST', json });
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
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
            <TextField
              label={t('fields.price')}
              required
              inputMode="decimal"
              registration={form.register('price')}
              error={errorOf('price')}
              hint={t('ui.priceHint', { currency: form.watch('currency') || '…' })}
              data-testid="varket-plan-price"
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
