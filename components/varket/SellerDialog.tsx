'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { FormSelect } from '@/components/ui/FormSelect';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import { SELLER_STATUSES, VARKET_LIMITS, type SellerView } from '@/lib/varket/schemas';
import { useVarketWrite } from './use-varket-write';

/**
 * Adds a seller (`seller` null) or edits one. The payout details are write-only: the field
 * starts empty, and left empty on an edit it is not sent, so what is on file stays.
 */
export function SellerDialog({ seller, defaultRate, onClose }: { seller: SellerView | null; defaultRate: string; onClose: () => void }) {
  const t = useText('varket');
  const write = useVarketWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/varket/schemas').then((m) => m.sellerSchema), {
    defaultValues: {
      name: seller?.name ?? '',
      email: seller?.email ?? '',
      status: seller?.status ?? 'active',
      commissionRate: seller?.commissionRate ?? null,
      nextPayoutOn: seller?.nextPayoutOn ?? null,
      payoutDetails: '',
    },
    onSubmit: async (values) => {
      const { payoutDetails, ...rest } = values;
      const json = { ...rest, ...(payoutDetails ? { payoutDetails } : {}) };
      const saved = await write.mutateAsync(
        seller ? { path: `varket/sellers/${seller.id}`, method: 'PUT', json } : { path: 'varket/sellers', method: 'POST', json },
      );
      alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  const orNull = { setValueAs: (v: unknown) => (v ? String(v) : null) };
  return (
    <Dialog title={seller ? t('ui.editSeller') : t('ui.newSeller')} onClose={onClose} busy={busy} testId="varket-seller-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <TextField
            label={t('fields.name')}
            required
            maxLength={VARKET_LIMITS.name}
            registration={form.register('name')}
            error={errorOf('name')}
            data-testid="varket-seller-name"
          />
          <TextField
            label={t('fields.email')}
            required
            type="email"
            registration={form.register('email')}
            error={errorOf('email')}
            data-testid="varket-seller-email"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormSelect
              control={form.control}
              name="status"
              label={t('fields.status')}
              error={errorOf('status')}
              options={SELLER_STATUSES.map((s) => ({ value: s, label: t(`sellerStatus.${s}`) }))}
              testId="varket-seller-status"
            />
            <TextField
              label={t('fields.commissionRate')}
              inputMode="decimal"
              registration={form.register('commissionRate', orNull)}
              error={errorOf('commissionRate')}
              hint={t('fields.commissionHint', { rate: defaultRate })}
              data-testid="varket-seller-rate"
            />
          </div>
          <TextField label={t('fields.nextPayoutOn')} type="date" registration={form.register('nextPayoutOn', orNull)} error={errorOf('nextPayoutOn')} />
          <TextField
            label={t('fields.payoutDetails')}
            autoComplete="off"
            maxLength={VARKET_LIMITS.payoutDetails}
            registration={form.register('payoutDetails')}
            error={errorOf('payoutDetails')}
            hint={t('fields.payoutHint')}
          />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.save')} busyLabel={t('ui.save')} testId="varket-seller-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
