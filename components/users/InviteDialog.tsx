'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { alerts } from '@/lib/shell/alerts';
import type { ProfileOption } from '@/lib/users/members';
import { inviteSchema } from '@/lib/users/member-schemas';
import { ProfileChecklist } from './ProfileChecklist';

/** Email and profiles; on success the invitation is listed and the dialog closes. */
export function InviteDialog({ options, onDone, onClose }: { options: ProfileOption[]; onDone: () => void; onClose: () => void }) {
  const t = useText('users');
  const { form, submit, errorOf, busy } = useApiForm(inviteSchema, {
    defaultValues: { email: '', profileIds: [] },
    onSubmit: async (values) => {
      const { message } = await api<{ message: string }>('users/invitations', { json: values });
      alerts.push({ type: 'success', title: message });
      onDone();
      onClose();
    },
  });
  return (
    <Dialog title={t('inviteTitle')} lead={t('inviteLead')} onClose={onClose} busy={busy} testId="invite-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <TextField label={t('email')} type="email" inputMode="email" autoComplete="off" required autoFocus registration={form.register('email')} error={errorOf('email')} />
        <ProfileChecklist
          options={options}
          value={form.watch('profileIds')}
          onChange={(next) => form.setValue('profileIds', next, { shouldValidate: form.formState.isSubmitted })}
          error={errorOf('profileIds')}
        />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')}>
          <DialogSubmit busy={busy} label={t('sendInvite')} busyLabel={t('sending')} testId="invite-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
