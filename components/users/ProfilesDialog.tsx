'use client';

import { Dialog, DialogActions, DialogSubmit } from '@/components/ui/Dialog';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import type { MemberView, ProfileOption } from '@/lib/users/members';
import type { MemberChange } from '@/lib/users/queries';
import { ProfileChecklist } from './ProfileChecklist';

/**
 * The member's profiles as checkboxes. Saving hands the change to `onChange` (shown in the
 * list at once, put back with an alert if the server refuses) and closes.
 */
export function ProfilesDialog({
  member,
  options,
  onChange,
  onClose,
}: {
  member: MemberView;
  options: ProfileOption[];
  onChange: (change: { id: string; change: MemberChange }) => void;
  onClose: () => void;
}) {
  const t = useText('users');
  const held = member.profiles.map((p) => p.id);
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/users/member-schemas').then((m) => m.memberProfilesSchema), {
    defaultValues: { profileIds: held },
    onSubmit: async (values) => {
      onChange({ id: member.id, change: values });
      onClose();
    },
  });
  return (
    <Dialog title={t('changeProfilesTitle', { name: member.name })} lead={t('changeProfilesLead')} onClose={onClose} busy={busy} testId="profiles-dialog">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4 px-5 py-4">
        <ProfileChecklist
          options={options}
          held={held}
          value={form.watch('profileIds')}
          onChange={(next) => form.setValue('profileIds', next, { shouldValidate: form.formState.isSubmitted })}
          error={errorOf('profileIds')}
        />
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')}>
          <DialogSubmit busy={busy} label={t('save')} busyLabel={t('saving')} testId="profiles-submit" />
        </DialogActions>
      </form>
    </Dialog>
  );
}
