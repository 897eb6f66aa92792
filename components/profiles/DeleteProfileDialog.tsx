'use client';

import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
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
      <div className="border-line flex justify-end gap-2 border-t px-5 py-3">
        {/* First in the dialog, so the default focus never lands on the destructive answer. */}
        <button type="button" onClick={onClose} disabled={busy} className="border-line hover:bg-surface-2 rounded-md border px-4 py-2 text-sm">
          {t('cancel')}
        </button>
        <button
          type="button"
          onClick={confirm}
          disabled={busy || inUse}
          aria-busy={busy || undefined}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
          data-testid="profile-delete-confirm"
        >
          {t('deleteYes')}
        </button>
      </div>
    </Dialog>
  );
}
