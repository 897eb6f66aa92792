'use client';

import { useState } from 'react';
import { dangerButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { api, showError } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import type { ProfileView } from '@/lib/profiles/schemas';
import { alerts } from '@/lib/shell/alerts';

/** Asks before deleting; a profile members still hold cannot go, so it says so instead. */
export function DeleteProfileDialog({ profile, onClose, onDeleted }: { profile: ProfileView; onClose: () => void; onDeleted: () => void }) {
  const t = useText('profiles');
  const te = useText('errors');
  const [busy, setBusy] = useState(false);
  const inUse = profile.members > 0;

  async function confirm() {
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>(`profiles/${profile.id}`, { method: 'DELETE' });
      alerts.push({ type: 'success', title: message });
      onDeleted();
    } catch (error) {
      showError(error, te);
      setBusy(false);
    }
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
        <button type="button" onClick={confirm} disabled={busy || inUse} aria-busy={busy || undefined} className={dangerButton} data-testid="profile-delete-confirm">
          {t('deleteYes')}
        </button>
      </DialogActions>
    </Dialog>
  );
}
