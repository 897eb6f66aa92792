import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { logger } from '../log/logger';

// DATA_DIR holds the database (its WAL has password hashes), the signing secret and the
// first passwords; uploads hold private files. None of it is for other local users.

/** Files and folders created from now on: owner only (0600 / 0700). */
export function privateUmask(): void {
  process.umask(0o077);
}

export type ModeFix = { fixed: number; failed: number };

/**
 * Takes group and other permissions away from every folder (→ 0700) and file (→ 0600) under
 * the roots, left over from before the umask or written by other tools. Entries already
 * private keep their mode; symbolic links are neither followed nor changed.
 */
export function restrictModes(roots: readonly string[]): ModeFix {
  const result: ModeFix = { fixed: 0, failed: 0 };
  const seen = new Set<string>();
  const visit = (entry: string, isRoot: boolean) => {
    if (seen.has(entry)) return;
    seen.add(entry);
    let stat;
    try {
      // A root given as a link (DATA_DIR=/srv/data → elsewhere) is followed; nothing inside is.
      stat = isRoot ? statSync(entry) : lstatSync(entry);
    } catch {
      if (!isRoot) result.failed += 1; // vanished or unreadable; a missing root is simply not there yet
      return;
    }
    const dir = stat.isDirectory();
    if (!dir && !stat.isFile()) return;
    if (stat.mode & 0o077) {
      try {
        chmodSync(entry, dir ? 0o700 : 0o600);
        result.fixed += 1;
      } catch {
        result.failed += 1; // e.g. owned by another user
      }
    }
    if (!dir) return;
    let names: string[];
    try {
      names = readdirSync(entry);
    } catch {
      result.failed += 1;
      return;
    }
    for (const name of names) visit(path.join(entry, name), false);
  };
  for (const root of roots) visit(path.resolve(root), true);
  return result;
}

/** At start: restricts what is already there under the data and upload folders, in one log line. */
export function secureDataDirs(roots: readonly string[]): ModeFix {
  const result = restrictModes(roots);
  // `failed`: entries this user may not change (another owner's), left as they were.
  if (result.failed) logger.warn({ ...result, roots }, 'data file modes checked (owner only); some could not be changed');
  else logger.info({ ...result, roots }, 'data file modes checked (owner only)');
  return result;
}
