'use client';

import { useEffect } from 'react';

/**
 * While `active`, warns before the edits are lost: the browser's own prompt when the page
 * unloads (reload, closing the tab, another site), and a confirm() for in-app links that
 * lead outside `within` (the tabs under it keep the edits, so they pass freely).
 */
export function useLeaveGuard(active: boolean, message: string, within: string) {
  useEffect(() => {
    if (!active) return;
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    // Capture phase on the document runs before React's handlers on the root, so a
    // cancelled click never reaches next/link.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
      if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
      const url = new URL(link.href, location.href);
      // Another site unloads the page, and beforeunload asks.
      if (url.origin !== location.origin) return;
      if (url.pathname === within || url.pathname.startsWith(`${within}/`)) return;
      if (!window.confirm(message)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, message, within]);
}
