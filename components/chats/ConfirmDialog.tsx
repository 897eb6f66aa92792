'use client';

import { useState } from 'react';
import { dangerButton } from '@/components/ui/buttons';
import { Dialog, DialogActions } from '@/components/ui/Dialog';
import { useText } from '@/lib/i18n/client';

/** "Are you sure?" for a chat action that takes something away; stays open until it has an answer. */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onClose }: { title: string; text: string; confirmLabel: string; onConfirm: () => Promise<boolean>; onClose: () => void }) {
  const t = useText('chats');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={title} onClose={onClose} busy={busy} testId="chat-confirm">
      <div className="px-5 py-4">
        <p className="text-sm">{text}</p>
        {/* Focus starts on the harmless answer, so a stray Enter destroys nothing. */}
        <DialogActions onCancel={onClose} cancelLabel={t('cancel')} focusCancel busy={busy}>
          <button
            type="button"
            disabled={busy}
            aria-busy={busy || undefined}
            className={dangerButton}
            data-testid="chat-confirm-yes"
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
