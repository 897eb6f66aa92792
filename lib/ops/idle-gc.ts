import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Checks per quiet period: a collection runs between `quietMs` and `quietMs × (1 + 1/TICKS)` after the last request. */
const TICKS = 3;

/**
 * After a burst of traffic V8 keeps the heap it grew into for minutes, and what it frees
 * goes back to the system only with a full collection: a small self-hosted machine would
 * carry the peak for good. Once requests have stopped for `quietMs`, a full collection runs
 * (a few ms on an idle process), and a second one a tick later for what the first one's
 * finalizers let go; a steady trickle of requests never triggers it. The server counts HTTP
 * requests, socket requests and socket deliveries alike: a full collection of a busy heap
 * stalls the thread for 90–100 ms, which a chat in full flow must not meet.
 */
export function startIdleCollector(options: { quietMs?: number; collect?: () => void } = {}) {
  const quietMs = options.quietMs ?? 15_000;
  const collect = options.collect ?? exposeGc();
  let seen = 0;
  let checked = 0;
  let quietTicks = 0;
  const timer = setInterval(() => {
    if (seen !== checked) {
      checked = seen;
      quietTicks = 0;
      return;
    }
    quietTicks += 1;
    // Nothing served since start: nothing to give back. Later quiet ticks: already given back.
    if (seen > 0 && (quietTicks === TICKS || quietTicks === TICKS + 1)) collect();
  }, quietMs / TICKS);
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
