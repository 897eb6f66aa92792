'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@/components/ui/Link';
import type { RefObject } from 'react';
import { useText } from '@/lib/i18n/client';
import { useCloseWhenWide } from '@/lib/shell/use-close-when-wide';
import { MenuAuthLinks, type AuthHrefs } from './HeaderAuthLinks';

export type MenuLink = { href: string; label: string };

type Props = {
  appName: string;
  links: MenuLink[];
  hrefs: AuthHrefs;
  onClose: () => void;
  /** The button that opened it, which gets the focus back. */
  returnFocusTo: RefObject<HTMLElement | null>;
};

/**
 * The public menu's drawer, loaded on demand by PublicMenu: open while mounted. A modal Radix
 * dialog, so focus stays inside, the page behind does not scroll, and Escape, a press on the
 * backdrop, the close button or choosing a link close it.
 */
export default function PublicMenuDrawer({ appName, links, hrefs, onClose, returnFocusTo }: Props) {
  const t = useText('nav');

  // From the sm breakpoint up the header shows every link.
  useCloseWhenWide(600, onClose);

  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" data-testid="public-menu-overlay" />
        <Dialog.Content
          aria-describedby={undefined}
          // The trigger is a plain button (pages load without Radix): the focus goes back to it by hand.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-surface text-ink shadow-overlay focus:outline-none"
          data-testid="public-menu"
        >
          <div className="flex h-14 items-center justify-between px-4">
            <Dialog.Title className="font-semibold">{appName}</Dialog.Title>
            <Dialog.Close aria-label={t('closeMenu')} className="grid size-9 place-items-center rounded-control text-xl hover:bg-surface-2">
              ×
            </Dialog.Close>
          </div>
          <nav aria-label={t('primary')} className="flex flex-col gap-0.5 p-2">
            {links.map((l) => (
              <Link key={l.href} href={l.href} onClick={onClose} className="rounded-control px-3 py-2 text-sm hover:bg-surface-2">
                {l.label}
              </Link>
            ))}
            <MenuAuthLinks hrefs={hrefs} onNavigate={onClose} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
