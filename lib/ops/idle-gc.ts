import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * After a burst of traffic V8 keeps the heap it grew into for minutes, and what it frees
 * goes back to the system only with a full collection: a small self-hosted machine would
 * carry the peak for good. Once requests have stopped for `quietMs`, one full collection
 * runs (a few ms on an idle process); a steady trickle of requests never triggers it.
 */
export function startIdleCollector(options: { quietMs?: number; collect?: () => void } = {}) {
  const quietMs = options.quietMs ?? 15_000;
  const collect = options.collect ?? exposeGc();
  let seen = 0;
  let checked = 0;
  let collectedAt = 0;
  const timer = setInterval(() => {
    // Requests arrived since the last check: not quiet yet.
    if (seen !== checked) {
      checked = seen;
      return;
    }
    if (collectedAt === seen) return;
    collectedAt = seen;
    collect();
  }, quietMs);
  timer.unref();
  return {
    /** Counts a request: one integer add on the hot path. */
    touch() {
      seen += 1;
    },
    stop: () => clearInterval(timer),
  };
}

/** The process's `gc()`, without asking whoever starts it for `--expose-gc`. */
export function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
