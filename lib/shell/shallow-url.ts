'use client';

// Next keeps useSearchParams in step with the History API (no server round trip) by wrapping
// history.pushState and replaceState, which its router does in an effect after hydration. A
// change made before that (a click in the first moments after the page turns interactive)
// would move the address while the page kept showing the old one. Such changes wait, in
// order, until the wrappers are in place.

type Write = () => void;

const WAIT_STEP_MS = 20;
/** After this the wrappers are not coming (a router that no longer uses them): write anyway. */
const WAIT_LIMIT_MS = 1_000;

let waiting: Write[] = [];

const wrapped = () => !/\[native code\]/.test(Function.prototype.toString.call(window.history.pushState));

function flush(waited: number) {
  if (!wrapped() && waited < WAIT_LIMIT_MS) {
    setTimeout(() => flush(waited + WAIT_STEP_MS), WAIT_STEP_MS);
    return;
  }
  const writes = waiting;
  waiting = [];
  for (const write of writes) write();
}

/** Changes the page's address in place (`replace`) or as a new history entry (`push`), with the page's search params following. */
export function setShallowUrl(url: string, mode: 'push' | 'replace' = 'push'): void {
  const write = () => (mode === 'push' ? window.history.pushState(null, '', url) : window.history.replaceState(null, '', url));
  if (waiting.length === 0 && wrapped()) return write();
  waiting.push(write);
  if (waiting.length === 1) flush(0);
}
