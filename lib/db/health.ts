import { sql } from 'drizzle-orm';
import { dbHandle, type Handle } from './client';
import { writeHeartbeat } from './heartbeat';

export type DbHealth = {
  kind: string;
  /** Answers and takes writes. */
  ok: boolean;
  latencyMs: number;
  read: boolean;
  write: boolean;
  /** The embedded database failed for good and is being reopened (see pglite-guard.ts). */
  failed?: true;
};

/** A health check may be asked for many times a second; the disk sees one write per this. */
export const WRITE_PROBE_EVERY_MS = 5_000;
// A server that stops answering is down, not slow; the check must still answer.
const TIMEOUT_MS = 3_000;

type Probe = { handle: Handle; at: number; ok: Promise<boolean> };
let lastWrite: Probe | null = null;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const succeeds = (work: Promise<unknown>) =>
  within(work, TIMEOUT_MS).then(
    () => true,
    () => false,
  );

/** The last write probe's outcome, or a new probe when it is older than WRITE_PROBE_EVERY_MS (shared by concurrent checks). */
function writeProbe(handle: Handle, now: number): Promise<boolean> {
  const age = lastWrite ? now - lastWrite.at : Infinity;
  // A clock that went back (only a test's can) counts as stale, never as fresh for ever.
  if (lastWrite && lastWrite.handle === handle && age >= 0 && age < WRITE_PROBE_EVERY_MS) return lastWrite.ok;
  const probe: Probe = { handle, at: now, ok: succeeds(writeHeartbeat(handle.db)) };
  lastWrite = probe;
  return probe.ok;
}

/** Whether the database answers a trivial query and takes a real write, and how fast it answered. */
export async function checkDb(): Promise<DbHealth> {
  const handle = dbHandle();
  if (handle.failure()) return { kind: handle.kind, ok: false, latencyMs: 0, read: false, write: false, failed: true };
  const started = performance.now();
  const read = await succeeds(handle.db.execute(sql`select 1`));
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  const write = read && (await writeProbe(handle, performance.now()));
  // The probe itself may be what met the failure.
  if (handle.failure()) return { kind: handle.kind, ok: false, latencyMs, read, write: false, failed: true };
  return { kind: handle.kind, ok: read && write, latencyMs, read, write };
}
