'use client';

import { useState } from 'react';
import { dangerButton } from './buttons';
import { Dialog, DialogActions } from './Dialog';

type Props = {
  title: string;
  text: string;
  confirmLabel: string;
  /** Shown on the button while the change is under way (else the label stays). */
  busyLabel?: string;
  cancelLabel: string;
  /** Resolves true when done (the dialog closes), false to stay open. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
  testId?: string;
  confirmTestId?: string;
};

/** "Are you sure?" before a change that takes something away; the dialog stays until the change has an answer. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busyLabel,
  cancelLabel,
  onConfirm,
  onClose,
  testId = 'confirm-dialog',
  confirmTestId = 'confirm',
}: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} onClose={onClose} busy={busy} testId={testId}>
      <div className="px-5 py-4">
        <p className="text-sm">{text}</p>
        {/* Focus starts on the harmless answer, so a stray Enter destroys nothing. */}
        <DialogActions onCancel={onClose} cancelLabel={cancelLabel} focusCancel busy={busy}>
          <button
            type="button"
            disabled={busy}
            aria-busy={busy || undefined}
            className={dangerButton}
            data-testid={confirmTestId}
            onClick={async () => {
              setBusy(true);
              const done = await onConfirm();
              setBusy(false);
              if (done) onClose();
            }}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
