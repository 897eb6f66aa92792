'use client';

import { useAtomValue } from 'jotai';
import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { loadingBar } from '@/lib/shell/loading-bar';
import { onNavigationStart } from '@/lib/shell/navigation-start';

/** The top bar shown while the app moves to another page. */
export function LoadingBar() {
  const pathname = usePathname();
  const state = useAtomValue(loadingBar.store.atom);

  // Finished first: on mount it clears a bar a navigation that already landed left up; a
  // start still under way is then picked up by the subscription below.
  useEffect(() => loadingBar.done(), [pathname]);

  useEffect(() => {
    let stuck: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = onNavigationStart(() => {
      loadingBar.start();
      // A navigation that never lands (cancelled, failed) must not leave the bar up.
      clearTimeout(stuck);
      stuck = setTimeout(() => loadingBar.done(), 15_000);
    });
    return () => {
      clearTimeout(stuck);
      unsubscribe();
    };
  }, []);

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
