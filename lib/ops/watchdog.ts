import { Worker } from 'node:worker_threads';
import { logger } from '../log/logger';

/** How a process the watchdog ended exits: killed by SIGKILL, which shells report as 137. */
export const WATCHDOG_SIGNAL = 'SIGKILL';
export const WATCHDOG_EXIT_STATUS = 137;

export type Watchdog = {
  /** Changes how long the event loop may stay blocked (a start may take longer than steady service). */
  setLimit(ms: number): void;
  stop(): Promise<void>;
};

/**
 * Ends the process when its event loop stays blocked for longer than `limitMs`: the main
 * thread counts up a shared beat every second (or a quarter of the limit), and a worker
 * thread that sees no beat for `limitMs` logs it and sends the process SIGKILL.
 */
export function startWatchdog(limitMs: number): Watchdog {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  Atomics.store(shared, 1, limitMs);
  const beatMs = Math.max(25, Math.min(1_000, Math.floor(limitMs / 4)));
  const beat = setInterval(() => Atomics.add(shared, 0, 1), beatMs);
  beat.unref();
  const worker = new Worker(new URL('./watchdog-worker.mjs', import.meta.url), {
    workerData: { shared, checkMs: beatMs },
    // Plain JavaScript: no TypeScript loader needed, so none is started on that thread.
    execArgv: [],
  });
  worker.unref(); // it watches the process; it must not keep it alive
  // A watchdog that breaks is logged; it must not take the server down with it.
  worker.on('error', (err) => logger.error({ err }, 'watchdog failed'));
  return {
    setLimit(ms) {
      Atomics.store(shared, 1, ms);
    },
    async stop() {
      clearInterval(beat);
      await worker.terminate();
    },
  };
}
