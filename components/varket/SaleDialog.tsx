'use client';

import { useId } from 'react';
import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FieldFrame, TextField, selectClass, wiring } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { fromMinor, toMinor } from '@/lib/varket/amounts';
import { VARKET_LIMITS, type PlanView, type SellerView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

/**
 * Records a sale: active plans and sellers that are not suspended only. The gross starts at
 * the plan's price; the commission and net are the server's to compute.
 */
export function SaleDialog({ plans, sellers, today, onClose }: { plans: PlanView[]; sellers: SellerView[]; today: string; onClose: () => void }) {
  const t = useText('varket');
  const id = useId();
  const write = useVarketWrite();
  const open = plans.filter((p) => p.status === 'active');
  const able = sellers.filter((s) => s.status !== 'suspended');
  const first = open[0];
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.saleFormSchema), {
    defaultValues: {
      planId: first?.id ?? '',
      sellerId: able[0]?.id ?? '',
      customerRef: '',
      gross: first ? fromMinor(first.price, first.currency) : '',
      soldOn: today,
    },
    onSubmit: async (values) => {
      const plan = plans.find((p) => p.id === values.planId);
      const json = { ...values, gross: plan ? toMinor(values.gross, plan.currency) : values.gross };
      const saved = await write.mutateAsync({ path: 'varket/sales', method: 'POST', json });
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  const planField = form.register('planId');
  const currency = plans.find((p) => p.id === form.watch('planId'))?.currency ?? '';
  return (
    <Dialog title={t('ui.recordSale')} onClose={onClose} busy={busy} testId="varket-sale-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <FieldFrame id={`${id}-plan`} label={t('fields.plan')} error={errorOf('planId')}>
            <select
              className={selectClass}
              {...wiring(`${id}-plan`, { error: errorOf('planId'), required: true })}
              {...planField}
              onChange={(e) => {
                void planField.onChange(e);
                const plan = open.find((p) => p.id === e.target.value);
                if (plan) form.setValue('gross', fromMinor(plan.price, plan.currency));
              }}
              data-testid="varket-sale-plan"
            >
              {open.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.currency})
                </option>
              ))}
            </select>
          </FieldFrame>
          <FieldFrame id={`${id}-seller`} label={t('fields.seller')} error={errorOf('sellerId')}>
            <select
              className={selectClass}
              {...wiring(`${id}-seller`, { error: errorOf('sellerId'), required: true })}
              {...form.register('sellerId')}
              data-testid="varket-sale-seller"
            >
              {able.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField
            label={t('fields.customerRef')}
            required
            maxLength={VARKET_LIMITS.customerRef}
            registration={form.register('customerRef')}
            error={errorOf('customerRef')}
            data-testid="varket-sale-customer"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('fields.gross')}
              required
              inputMode="decimal"
              registration={form.register('gross')}
              error={errorOf('gross')}
              hint={currency}
              data-testid="varket-sale-gross"
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
