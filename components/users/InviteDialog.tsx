'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { TextField } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { ProfileOption } from '@/lib/users/members';
import { ProfileChecklist } from './ProfileChecklist';
import { useUsersWrite } from './use-member-writes';

/** Email and profiles; on success the invitation is listed and the dialog closes. */
export function InviteDialog({ options, onClose }: { options: ProfileOption[]; onClose: () => void }) {
  const t = useText('users');
  const invite = useUsersWrite();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/users/member-schemas').then((m) => m.inviteSchema), {
    defaultValues: { email: '', profileIds: [] },
    onSubmit: async (values) => {
      await invite.mutateAsync({ path: 'users/invitations', method: 'POST', json: values });
      onClose();
    },
  });
  return (
    <Dialog title={t('inviteTitle')} lead={t('inviteLead')} onClose={onClose} busy={busy} testId="invite-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <TextField
          label={t('email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          autoFocus
          registration={form.register('email')}
          error={errorOf('email')}
        />
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
