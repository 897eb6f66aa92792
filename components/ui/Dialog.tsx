'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from './buttons';

type Props = {
  title: string;
  /** A line under the title; it also describes the dialog to assistive technology. */
  lead?: string;
  onClose: () => void;
  /** While a request is under way Escape does nothing: closing would hide its answer. */
  busy?: boolean;
  wide?: boolean;
  testId?: string;
  /** Everything under the title, padding included: a form may need to span body and foot. */
  children: ReactNode;
};

/**
 * A native modal <dialog>: the browser traps focus inside and closes it on Escape. It
 * opens when mounted; the parent unmounts it from `onClose`, and focus returns to the
 * control that opened it.
 */
export function Dialog({ title, lead, onClose, busy = false, wide = false, testId, children }: Props) {
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
      onCancel={(e) => busy && e.preventDefault()}
      className={`bg-surface text-ink border-line m-auto w-[calc(100%-2rem)] rounded-lg border p-0 shadow-xl backdrop:bg-black/40 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
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
      {children}
    </dialog>
  );
}

/**
 * Cancel and the dialog's main action: at the end of a padded body, or with `bar` in a
 * ruled strip at the dialog's foot (kept in view under a body that scrolls). `busy` also
 * disables Cancel, for dialogs whose request must not be left while under way.
 */
export function DialogActions({
  onCancel,
  cancelLabel,
  focusCancel = false,
  busy = false,
  bar = false,
  children,
}: {
  onCancel: () => void;
  cancelLabel: string;
  focusCancel?: boolean;
  busy?: boolean;
  bar?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap justify-end gap-2 ${bar ? 'border-line border-t px-5 py-3' : 'mt-5'}`}>
      <button type="button" onClick={onCancel} autoFocus={focusCancel} disabled={busy} className={secondaryButton}>
        {cancelLabel}
      </button>
      {children}
    </div>
  );
}

/** A form dialog's submit button, showing `busyLabel` while the form is being sent. */
export function DialogSubmit({ busy, label, busyLabel, testId }: { busy: boolean; label: string; busyLabel: string; testId?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined} className={primaryButton} data-testid={testId}>
      {busy ? busyLabel : label}
    </button>
  );
}
