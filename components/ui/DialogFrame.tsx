'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { dialogOverlay, dialogPanel, type DialogProps } from './dialog-styles';

/** The Radix part of Dialog (Dialog.tsx), a chunk of its own. */
export default function DialogFrame({ title, lead, onClose, busy = false, wide = false, testId, children }: DialogProps) {
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
