'use client';

import { useState } from 'react';
import { dangerButton, primaryButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { useText } from '@/lib/i18n/client';

/** "Are you sure?" with one action; the dialog stays until the action has an answer. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves true when done (the dialog closes), false to stay open. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}) {
  const t = useText('users');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} onClose={onClose} busy={busy} testId="confirm-dialog">
      <div className="px-5 py-4">
        <p className="text-sm">{text}</p>
        {/* Focus starts on the harmless answer, so a stray Enter destroys nothing. */}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} focusCancel={danger}>
          <button
            type="button"
            autoFocus={!danger}
            disabled={busy}
            aria-busy={busy || undefined}
            className={danger ? dangerButton : primaryButton}
            data-testid="confirm"
            onClick={async () => {
              setBusy(true);
              const done = await onConfirm();
              setBusy(false);
              if (done) onClose();
            }}
          >
            {confirmLabel}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
