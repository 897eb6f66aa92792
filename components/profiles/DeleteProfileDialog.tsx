'use client';

import { dangerButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { ProfileView } from '@/lib/profiles/schemas';
import { alerts } from '@/lib/shell/alerts';
import { useProfileWrite } from './use-profile-writes';

/** Asks before deleting; a profile members still hold cannot go, so it says so instead. */
export function DeleteProfileDialog({
  profile,
  activeProfileId,
  onClose,
  onDeleted,
}: {
  profile: ProfileView;
  activeProfileId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useText('profiles');
  const te = useText('errors');
  const remove = useProfileWrite(activeProfileId);
  const busy = remove.isPending;
  const inUse = profile.members > 0;

  function confirm() {
    remove.mutate(
      { path: `profiles/${profile.id}`, method: 'DELETE', id: profile.id },
      {
        onSuccess: ({ message }) => {
          alerts.push({ type: 'success', title: message });
          onDeleted();
        },
        onError: (error) => showError(error, te),
      },
    );
  }

  return (
    <Dialog title={t('deleteTitle')} onClose={onClose} busy={busy} testId="profile-delete">
      <div className="space-y-2 px-5 py-4 text-sm">
        <p>{t('deleteConfirm', { name: profile.name })}</p>
        {inUse && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {t('deleteInUse', { count: profile.members })}
          </p>
        )}
      </div>
      {/* Focus starts on Cancel, so a stray Enter never deletes. */}
      <DialogActions onCancel={onClose} cancelLabel={t('cancel')} focusCancel busy={busy} bar>
        <button
          type="button"
          onClick={confirm}
          disabled={busy || inUse}
          aria-busy={busy || undefined}
          className={dangerButton}
          data-testid="profile-delete-confirm"
        >
          {t('deleteYes')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
