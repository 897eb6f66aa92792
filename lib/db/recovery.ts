import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { logger } from '../log/logger';
import { diskHasRoom } from '../ops/disk';
import { openDb, pgliteDir, setDbHandle, type Handle } from './client';
import { writeHeartbeat } from './heartbeat';

// After a fatal failure the embedded database is closed (the guard keeps the close from
// reaching the broken instance) and a new instance is opened on the same directory once it
// takes writes again. PostgreSQL's own answer to a PANIC is the same: end the backends,
// replay the WAL, carry on. Committed transactions are in the WAL; the failed one never was.

/** Whether a file can be created, written, flushed and removed in `dir` right now. */
export function takesWrites(dir: string): boolean {
  const probe = path.join(dir, '.atrio-write-probe');
  try {
    const fd = openSync(probe, 'w', 0o600);
    try {
      writeSync(fd, 'probe');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    rmSync(probe);
    return true;
  } catch {
    try {
      rmSync(probe, { force: true });
    } catch {
      // left behind in a folder that takes no writes; removed by the next probe that passes
    }
    return false;
  }
}

type Options = {
  dataDir: string;
  /** Pause between attempts while the directory does not take writes. */
  retryMs?: number;
  /**
   * Told true before each attempt to open a new instance and false after it: PostgreSQL's
   * start (and its replay of the WAL) runs synchronously for a second or more, a longer
   * block than steady service makes, which a watchdog should allow.
   */
  onOpening?: (opening: boolean) => void;
};

/**
 * Opens the embedded database so that a fatal failure does not end with it: the failed
 * instance is closed, queries answer 503 meanwhile, and a new instance replaces it (through
 * `setDbHandle`, so every `getDb()` sees it) as soon as the directory takes writes and the
 * new instance answers a read and a write. `stop()` ends any attempt under way (shutdown).
 */
export function openRecoverable(options: Options): { handle: Handle; stop: () => void } {
  const retryMs = options.retryMs ?? 1_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Handle;

  const open = (): Handle => {
    const h: Handle = openDb({
      dataDir: options.dataDir,
      // Only the instance in service starts a recovery; a candidate that fails is just dropped.
      onFatal: () => {
        if (h === current && !stopped) setTimeout(() => recover(h).catch((err) => logger.error({ err }, 'embedded database recovery failed')), 0);
      },
    });
    return h;
  };

  const wait = () =>
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, retryMs);
    });

  /** A new instance that answered a read and a committed write, or null (it is closed again). */
  async function attempt(attempts: number): Promise<Handle | null> {
    let candidate: Handle | null = null;
    options.onOpening?.(true);
    try {
      candidate = open();
      await candidate.db.execute(sql`select 1`);
      await writeHeartbeat(candidate.db);
      return candidate;
    } catch (error) {
      logger.warn({ err: error, attempts }, 'embedded database could not be reopened yet');
      await candidate?.close().catch(() => {});
      return null;
    } finally {
      options.onOpening?.(false);
    }
  }

  async function recover(failed: Handle) {
    await failed.close().catch(() => {});
    for (let attempts = 1; ;) {
      await wait();
      if (stopped) return;
      if (!takesWrites(pgliteDir(options.dataDir)) || !diskHasRoom(options.dataDir)) continue;
      const started = performance.now();
      const candidate = await attempt(attempts++);
      if (!candidate) continue;
      if (stopped) return void (await candidate.close().catch(() => {}));
      current = candidate;
      setDbHandle(candidate);
      logger.info({ attempts: attempts - 1, ms: Math.round(performance.now() - started) }, 'embedded database reopened');
      return;
    }
  }

  current = open();
  return {
    handle: current,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
