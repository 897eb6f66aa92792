'use client';

import { useState } from 'react';
import { dangerButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { useText } from '@/lib/i18n/client';

/**
 * Asks before disabling a user, saying what it does: every session ends at once. The
 * dialog stays until the change has an answer; focus starts on Cancel.
 */
export function ConfirmDisable({ name, onConfirm, onClose }: { name: string; onConfirm: () => Promise<boolean>; onClose: () => void }) {
  const t = useText('rootUsers');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={t('disableTitle', { name })} onClose={onClose} busy={busy} testId="root-user-confirm-dialog">
      <div className="px-5 py-4">
        <p className="text-sm">{t('disableText')}</p>
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} focusCancel busy={busy}>
          <button
            type="button"
            disabled={busy}
            aria-busy={busy || undefined}
            className={dangerButton}
            data-testid="root-user-confirm"
            onClick={async () => {
              setBusy(true);
              const done = await onConfirm();
              setBusy(false);
              if (done) onClose();
            }}
          >
            {busy ? t('disableBusy') : t('disable')}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
