'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { UserView } from '@/lib/photomagik/schemas';
import { alerts } from '@/lib/shell/alerts';
import { usePhotomagikWrite } from './use-photomagik-write';

/** Adds credits to a user (a negative amount takes some back); the change is audited with its reason. */
export function CreditsDialog({ user, onClose }: { user: UserView; onClose: () => void }) {
  const t = useText('photomagik');
  const write = usePhotomagikWrite();
  const name = user.name || user.externalId;
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/photomagik/schemas').then((m) => m.creditsSchema), {
    defaultValues: { amount: 10, reason: '' },
    onSubmit: async (values) => {
      const saved = await write.mutateAsync({ path: `photomagik/users/${user.id}/credits`, method: 'POST', json: values });
      if (saved.message) alerts.push({ type: 'success', title: saved.message });
      onClose();
    },
  });
  return (
    <Dialog title={t('ui.creditsFor', { name })} onClose={onClose} busy={busy} testId="photomagik-credits-dialog">
      <form onSubmit={submit} noValidate>
        <div className="flex flex-col gap-4 px-5 py-4">
          <p className="text-sm text-muted">{t('ui.creditsNow', { credits: user.credits })}</p>
          <TextField
            label={t('ui.amount')}
            hint={t('ui.amountHint')}
            type="number"
            inputMode="numeric"
            required
            registration={form.register('amount', { valueAsNumber: true })}
            error={errorOf('amount')}
            data-testid="photomagik-credits-amount"
          />
          <TextField label={t('ui.reason')} maxLength={200} registration={form.register('reason')} error={errorOf('reason')} />
        </div>
        <DialogActions onCancel={onClose} cancelLabel={t('ui.cancel')} busy={busy} bar>
          <DialogSubmit busy={busy} label={t('ui.save')} busyLabel={t('ui.saving')} testId="photomagik-credits-save" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
