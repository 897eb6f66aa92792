'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { whenIdle } from '@/lib/shell/idle';
import { primaryButton, secondaryButton } from './buttons';
import type { DialogProps } from './dialog-styles';

export { dialogOverlay, dialogPanel } from './dialog-styles';

// Radix Dialog (focus scope, scroll lock, portal) is about 13 kB gzip that no page needs
// before a dialog opens: a chunk of its own, fetched once the page that may open one is idle.
const loadFrame = () => import('./DialogFrame');
const DialogFrame = lazy(loadFrame);
if (typeof window !== 'undefined') whenIdle(() => void loadFrame());

/**
 * A modal dialog on Radix: focus is trapped inside, the page behind does not scroll, and
 * Escape closes it. It opens when mounted; the parent unmounts it from `onClose`, and focus
 * returns to the control that opened it. A click outside does not close it: a half-filled
 * form must not vanish on a stray click.
 */
export function Dialog(props: DialogProps) {
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
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
    <div className={`flex flex-wrap justify-end gap-2 ${bar ? 'border-t border-line px-5 py-3' : 'mt-5'}`}>
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
