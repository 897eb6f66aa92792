import { statfsSync } from 'node:fs';
import path from 'node:path';

/**
 * Below this, the disk holding the data directory counts as full: PostgreSQL's WAL grows in
 * 16 MB segments and a checkpoint needs room too, while a one-row write may still pass.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Bytes an unprivileged writer may still use on the file system of `dir` (or its nearest existing parent). */
export function freeBytes(dir: string): number | null {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const s = statfsSync(at);
      return s.bavail * s.bsize;
    } catch {
      const parent = path.dirname(at);
      if (parent === at) return null;
      at = parent;
    }
  }
}

/** Whether the data directory's disk has room; unknown counts as room (no false alarms on odd file systems). */
export function diskHasRoom(dir: string, minFree = MIN_FREE_BYTES): boolean {
  const free = freeBytes(dir);
  return free === null || free >= minFree;
}
