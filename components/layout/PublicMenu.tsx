'use client';

import { usePathname } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useText } from '@/lib/i18n/client';
import { whenIdle } from '@/lib/shell/idle';
import type { AuthHrefs } from './HeaderAuthLinks';
import { MenuButton } from './MenuButton';
import type { MenuLink } from './PublicMenuDrawer';

// Radix Dialog with its helpers (focus scope, scroll lock, aria-hidden, portal) is about 14 kB
// gzip: more than the public pages' first load can take (150 kB aim, 144 kB before; form
// pages 183 of 185 kB). Only small screens show the trigger, so the drawer is a chunk of its
// own, fetched when the trigger is on screen and the browser is idle, or at the first sign
// of intent (pointer, touch, focus), whichever comes first. What every page loads is this
// button.
const loadDrawer = () => import('./PublicMenuDrawer');
const PublicMenuDrawer = lazy(loadDrawer);

/** The public header's menu under the sm breakpoint: a button opening a modal drawer. */
export function PublicMenu({ appName, links, hrefs }: { appName: string; links: MenuLink[]; hrefs: AuthHrefs }) {
  const t = useText('nav');
  const here = usePathname() ?? '';
  const trigger = useRef<HTMLButtonElement>(null);
  // The drawer belongs to the page it was opened on: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const close = useCallback(() => setOpenOn(null), []);

  useEffect(() => {
    // Hidden from the sm breakpoint up (display: none has no offset parent): nothing to fetch.
    if (!trigger.current?.offsetParent) return;
    return whenIdle(() => void loadDrawer());
  }, []);

  return (
    <>
      <MenuButton
        ref={trigger}
        label={t('openMenu')}
        open={open}
        load={loadDrawer}
        onOpen={() => setOpenOn(here)}
        className="sm:hidden"
        testId="public-menu-open"
      />
      {open && (
        <Suspense fallback={null}>
          <PublicMenuDrawer appName={appName} links={links} hrefs={hrefs} onClose={close} returnFocusTo={trigger} />
        </Suspense>
      )}
    </>
  );
}
