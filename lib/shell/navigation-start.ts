// Navigation starts, seen from the first moment the page is interactive. The loading bar is
// a chunk fetched after hydration (it brings jotai, which public pages otherwise skip); a
// click in between must still start it, so the listening lives here, with no dependencies,
// and the bar subscribes when it arrives.

type Listener = () => void;
const listeners = new Set<Listener>();
// The path a navigation started from, until a listener has taken it.
let pendingFrom: string | null = null;
let installed = false;

// Only path changes: they are what `usePathname` reports back as finished.
function isNavigationClick(event: MouseEvent): boolean {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, location.href);
  return url.origin === location.origin && url.pathname !== location.pathname;
}

function started() {
  if (listeners.size === 0) pendingFrom = location.pathname;
  for (const listener of listeners) listener();
}

/** Installs the listeners once per page (capture phase: Next's <Link> cancels the click's default before a bubbling listener sees it). */
export function watchNavigationStarts(): void {
  if (installed) return;
  installed = true;
  document.addEventListener('click', (e) => isNavigationClick(e) && started(), true);
  window.addEventListener('popstate', started);
}

/**
 * Calls `listener` on each navigation start; if one began before anyone listened and has not
 * landed yet (still on the path it left), calls it at once too. Returns the unsubscribe.
 */
export function onNavigationStart(listener: Listener): () => void {
  listeners.add(listener);
  const from = pendingFrom;
  pendingFrom = null;
  if (from !== null && from === location.pathname) listener();
  return () => listeners.delete(listener);
}
