'use client';

import { useSyncExternalStore } from 'react';

const never = () => () => {};
// The Navigation API knows whether this tab has a page to go back to; `history.length`
// also counts the blank page a new tab starts on.
const hasHistory = () => {
  const nav = (window as { navigation?: { canGoBack: boolean } }).navigation;
  return nav ? nav.canGoBack : window.history.length > 1;
};
const noHistoryOnServer = () => false;

/** Back to the previous page, on error pages reached from somewhere; a page opened directly has none. */
export function BackButton({ label }: { label: string }) {
  const show = useSyncExternalStore(never, hasHistory, noHistoryOnServer);
  if (!show) return null;
  return (
    <button
      type="button"
      onClick={() => window.history.back()}
      className="rounded-control border border-line px-4 py-2 font-medium hover:bg-surface-2"
      data-testid="error-back"
    >
      {label}
    </button>
  );
}
