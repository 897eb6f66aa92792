import { like } from 'drizzle-orm';
import { getDb, pgliteDir, setDbHandle } from '../../../lib/db/client';
import { isDatabaseUnavailable } from '../../../lib/db/errors';
import { checkDb, type DbHealth } from '../../../lib/db/health';
import { migrate } from '../../../lib/db/migrate';
import { openRecoverable } from '../../../lib/db/recovery';
import { rateLimits } from '../../../lib/http/tables';
import { setImmutable } from './immutable';

// A child process: the embedded database opened as server.ts opens it, three writers going,
// its folder made immutable for FAULT_MS and then writable again, ROUNDS times. Prints one
// JSON line at the end. Without the guard it never gets there: the first commit after the
// PANIC loops for ever, and the test that started it kills it.
const [dataDir, faultArg, roundsArg] = process.argv.slice(2);
const FAULT_MS = Number(faultArg ?? 4000);
const ROUNDS = Number(roundsArg ?? 2);
const MAX_FAULT_MS = 30_000;
const dir = pgliteDir(dataDir);

const recoverable = openRecoverable({ dataDir, retryMs: 200 });
setDbHandle(recoverable.handle);
await migrate(recoverable.handle.db, 'pglite');

const outcomes = { ok: 0, unavailable: 0, other: [] as string[] };
let slowestMs = 0;
let n = 0;
let writing = true;
const pause = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writer() {
  while (writing) {
    const started = performance.now();
    try {
      await getDb()
        .insert(rateLimits)
        .values({ key: `fault:${(n += 1)}`, points: n, resetAt: new Date(Date.now() + 3_600_000) });
      outcomes.ok += 1;
    } catch (error) {
      if (isDatabaseUnavailable(error)) outcomes.unavailable += 1;
      else outcomes.other.push(String(error).slice(0, 200));
    }
    slowestMs = Math.max(slowestMs, performance.now() - started);
    await pause(); // timers (the fault's own) must get their turn
  }
}

const rounds: { duringFault: DbHealth[]; recoveredAfterMs: number | null; after: DbHealth }[] = [];
const writers = [writer(), writer(), writer()];
try {
  for (let round = 0; round < ROUNDS; round++) {
    await sleep(300);
    setImmutable(dir, true);
    const duringFault: DbHealth[] = [];
    const faultStarted = Date.now();
    // At least FAULT_MS, and on until a check has seen the failure: on a loaded machine the
    // writers may not reach the disk within FAULT_MS, and a fault nobody met proves nothing.
    const seen = () => duringFault.some((health) => health.failed);
    while (Date.now() - faultStarted < FAULT_MS || (!seen() && Date.now() - faultStarted < MAX_FAULT_MS)) {
      duringFault.push(await checkDb());
      await sleep(500);
    }
    setImmutable(dir, false);
    const restored = Date.now();
    let recoveredAfterMs: number | null = null;
    while (Date.now() - restored < 15_000) {
      if ((await checkDb()).ok) {
        recoveredAfterMs = Date.now() - restored;
        break;
      }
      await sleep(100);
    }
    rounds.push({ duringFault, recoveredAfterMs, after: await checkDb() });
  }
} finally {
  setImmutable(dir, false);
  writing = false;
}
await Promise.all(writers);
// Every write that was answered as committed is there after the reopens; no other is.
const stored = await getDb().select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'fault:%'));
recoverable.stop();
process.stdout.write(`${JSON.stringify({ outcomes, slowestMs, rounds, stored: stored.length })}\n`);
process.exit(0);
