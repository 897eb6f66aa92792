import { randomUUID } from 'node:crypto';
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {}

// The lock is a directory, `atrio.lock/`, holding one `<instance>.json` that names its holder.
// Every step is one atomic call, so two processes can never both hold it:
// - taking a free lock renames a complete directory into place (fails if one is there);
// - clearing a stale lock unlinks the stale holder's own file by name (only one unlink
//   succeeds), then removes the directory only if still empty.
// An empty `atrio.lock/` holds nobody: whoever sees one may remove it.

const LOCK = 'atrio.lock';
const ATTEMPTS = 200;

type Holder = { pid: number; instance?: string; started?: string; boot?: string; argv?: string[] };

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/** The kernel's start time of a process (Linux: ticks since boot), or null where /proc has none. */
function startTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  // The command name in parentheses may hold spaces; the fields after it are plain.
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() ?? null;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the holder still runs. A pid alone proves little (pids are reused), so a live pid
 * counts only if it is the same process: the same start time on the same boot, where the
 * system tells; for a lock written by an older version (a bare pid), a Node process.
 */
function holds(holder: Holder): boolean {
  const { pid } = holder;
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return false;
  const started = startTime(pid);
  if (started === null) return true; // no /proc: trust the pid, as before
  if (holder.started) return holder.started === started && (!holder.boot || holder.boot === bootId());
  const argv0 = readText(`/proc/${pid}/cmdline`)?.split('\0')[0] ?? '';
  return /^node/.test(path.basename(argv0));
}

function readHolder(file: string): Holder | null {
  const text = readText(file);
  if (text === null) return null;
  if (/^\s*\d+\s*$/.test(text)) return { pid: Number(text) }; // an older version's bare pid
  try {
    const parsed = JSON.parse(text) as Holder;
    return typeof parsed === 'object' && parsed ? parsed : { pid: NaN };
  } catch {
    return { pid: NaN }; // unreadable: nobody can prove they hold it
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;
/** Runs an fs call whose failure with one of `codes` means someone else got there first. */
function tolerate(codes: string[], fn: () => void): boolean {
  try {
    fn();
    return true;
  } catch (error) {
    if (codes.includes(code(error) ?? '')) return false;
    throw error;
  }
}

function inUse(dataDir: string, holder: Holder): DataDirInUseError {
  return new DataDirInUseError(
    `The data directory ${dataDir} is in use by another Atrio process (pid ${holder.pid}). ` + 'Stop that process first, or set DATA_DIR to another directory.',
  );
}

/** One look at the lock in place: throws if a live holder has it, else clears what is stale. */
function clearStale(dataDir: string, lock: string): void {
  let isDir: boolean;
  try {
    isDir = lstatSync(lock).isDirectory();
  } catch (error) {
    if (code(error) === 'ENOENT') return;
    throw error;
  }
  if (!isDir) {
    // An older version's lock file holding a bare pid; unlink never removes a directory.
    const holder = readHolder(lock);
    if (holder && holds(holder)) throw inUse(dataDir, holder);
    tolerate(['ENOENT', 'EISDIR', 'EPERM'], () => unlinkSync(lock));
    return;
  }
  let names: string[];
  try {
    names = readdirSync(lock);
  } catch (error) {
    // Cleared by another starting process since the look above: look again.
    if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return;
    throw error;
  }
  const owner = names.find((name) => name.endsWith('.json'));
  if (owner) {
    const holder = readHolder(path.join(lock, owner));
    if (!holder) return; // just taken over by someone else: look again
    if (holds(holder)) throw inUse(dataDir, holder);
    if (!tolerate(['ENOENT'], () => unlinkSync(path.join(lock, owner)))) return;
  }
  tolerate(['ENOENT', 'ENOTEMPTY', 'EEXIST'], () => rmdirSync(lock));
}

/** Temporary directories of starts that died before their rename; a minute is far longer than one takes. */
function removeLeftovers(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith(`${LOCK}.`) || !name.endsWith('.tmp')) continue;
    const dir = path.join(dataDir, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > 60_000) rmSync(dir, { recursive: true, force: true });
    } catch {
      // gone already
    }
  }
}

/**
 * An embedded database must have one process writing it: a second server on the same
 * directory would corrupt it. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = path.join(dataDir, LOCK);
  const instance = randomUUID();
  const mine = path.join(lock, `${instance}.json`);
  const tmp = path.join(dataDir, `${LOCK}.${instance}.tmp`);
  const holder: Holder = {
    pid: process.pid,
    instance,
    started: startTime(process.pid) ?? undefined,
    boot: bootId() ?? undefined,
    argv: process.argv.slice(1, 3),
  };
  mkdirSync(tmp, { mode: 0o700 });
  writeFileSync(path.join(tmp, `${instance}.json`), JSON.stringify(holder), { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      // Fails while a lock with a holder is in place; replaces an empty one.
      if (tolerate(['ENOTEMPTY', 'EEXIST', 'ENOTDIR', 'EISDIR', 'EPERM'], () => renameSync(tmp, lock))) {
        removeLeftovers(dataDir);
        return () => {
          // Only our own lock: if ours was (wrongly) cleared, someone else's is left alone.
          if (tolerate(['ENOENT'], () => unlinkSync(mine))) tolerate(['ENOENT', 'ENOTEMPTY', 'EEXIST'], () => rmdirSync(lock));
        };
      }
      clearStale(dataDir, lock);
      if (attempt > 0) sleep(2 + Math.random() * 8);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir} (${lock} keeps changing or holds unexpected files).`);
}
