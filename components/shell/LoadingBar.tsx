'use client';

import { useAtomValue } from 'jotai';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { loadingBar } from '@/lib/shell/loading-bar';

// Only path changes: they are what `usePathname` reports back as finished.
function isNavigationClick(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin && url.pathname !== location.pathname;
}

/** The top bar shown while the app moves to another page. */
export function LoadingBar() {
  const pathname = usePathname();
  const state = useAtomValue(loadingBar.store.atom);

  useEffect(() => {
    let stuck: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      loadingBar.start();
      // A navigation that never lands (cancelled, failed) must not leave the bar up.
      clearTimeout(stuck);
      stuck = setTimeout(() => loadingBar.done(), 15_000);
    };
    // Capture phase: Next's <Link> cancels the click's default before a bubbling listener sees it.
    const onClick = (e: MouseEvent) => isNavigationClick(e) && start();
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', start);
    return () => {
      clearTimeout(stuck);
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', start);
    };
  }, []);

  useEffect(() => loadingBar.done(), [pathname]);

  return (
    <div
      aria-hidden="true"
      className="pointer-events-none fixed inset-x-0 top-0 z-[2900] h-[3px]"
      style={{ opacity: state.visible ? 1 : 0, transition: `opacity ${loadingBar.timing.resetDelay}ms` }}
    >
      <div
        data-testid="loading-bar"
        className="h-full bg-primary"
        style={{
          width: `${state.progress}%`,
          transition: state.progress === 0 ? 'none' : `width ${state.progress === 100 ? 200 : loadingBar.timing.duration}ms ease-out`,
        }}
      />
    </div>
  );
}
