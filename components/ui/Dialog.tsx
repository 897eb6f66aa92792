'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
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

/** The backdrop and the centred panel every dialog shares (the picker's is narrower). */
export const dialogOverlay = 'fixed inset-0 z-50 bg-black/40';
export const dialogPanel =
  'bg-surface text-ink border-line fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-lg border shadow-xl focus:outline-none';

/**
 * A modal dialog on Radix: focus is trapped inside, the page behind does not scroll, and
 * Escape closes it. It opens when mounted; the parent unmounts it from `onClose`, and focus
 * returns to the control that opened it. A click outside does not close it: a half-filled
 * form must not vanish on a stray click.
 */
export function Dialog({ title, lead, onClose, busy = false, wide = false, testId, children }: Props) {
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogOverlay} />
        <RadixDialog.Content
          className={`${dialogPanel} ${wide ? 'max-w-3xl' : 'max-w-md'}`}
          onInteractOutside={(e) => e.preventDefault()}
          // Without a lead there is nothing to describe it; Radix asks to say so.
          {...(lead ? {} : { 'aria-describedby': undefined })}
          data-testid={testId}
        >
          <div className="border-b border-line px-5 py-4">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            {lead && <RadixDialog.Description className="mt-1 text-sm text-muted">{lead}</RadixDialog.Description>}
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
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
