'use client';

import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { useText } from '@/lib/i18n/client';
import { useCloseWhenWide } from '@/lib/shell/use-close-when-wide';

type Props = {
  appName: string;
  onClose: () => void;
  /** The button that opened it, which gets the focus back. */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * The sidebar under 960 px, loaded on demand by DashboardFrame: open while mounted. A modal
 * Radix dialog, so focus stays inside, the page behind does not scroll, and Escape, the
 * backdrop or the close button close it.
 */
export default function SidebarDrawer({ appName, onClose, returnFocusTo, children }: Props) {
  const t = useText('nav');

  // From 960 px the sidebar is on screen.
  useCloseWhenWide(960, onClose);

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          // The trigger is a plain button (pages load without this chunk): focus goes back to it by hand.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-surface shadow-overlay focus:outline-none"
        >
          <div className="flex h-14 items-center justify-between px-4 font-semibold">
            <Dialog.Title>{appName}</Dialog.Title>
            <Dialog.Close aria-label={t('closeMenu')} className="grid size-9 place-items-center rounded-control text-xl hover:bg-surface-2">
              ×
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
