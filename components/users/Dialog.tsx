'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: the browser traps focus inside and closes it on Escape. It
 * opens when mounted; the parent unmounts it from `onClose`, and focus returns to the
 * control that opened it.
 */
export function Dialog({ title, lead, onClose, busy = false, testId, children }: { title: string; lead?: string; onClose: () => void; busy?: boolean; testId?: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const leadId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={lead ? leadId : undefined}
      // The close event is queued: after strict mode's quick close-and-reopen it arrives
      // while the dialog is open again, and is not a real close.
      onClose={() => !ref.current?.open && onClose()}
      // Escape during a request would hide its answer.
      onCancel={(e) => busy && e.preventDefault()}
      className="bg-surface text-ink border-line m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border p-0 shadow-xl backdrop:bg-black/40"
      data-testid={testId}
    >
      <div className="border-line border-b px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {lead && (
          <p id={leadId} className="text-muted mt-1 text-sm">
            {lead}
          </p>
        )}
      </div>
      <div className="px-5 py-4">{children}</div>
    </dialog>
  );
}

const BUTTON = 'rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton = `${BUTTON} border-line hover:bg-surface-2 border`;
export const primaryButton = `${BUTTON} bg-primary hover:bg-primary-shade text-white`;
export const dangerButton = `${BUTTON} bg-red-700 text-white hover:bg-red-800`;

/** Cancel and the dialog's main action, at its foot. */
export function DialogActions({ onCancel, cancelLabel, focusCancel = false, children }: { onCancel: () => void; cancelLabel: string; focusCancel?: boolean; children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-2">
      <button type="button" onClick={onCancel} autoFocus={focusCancel} className={secondaryButton}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}
