import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { immutableUnsupported, setImmutable } from './helpers/immutable';

// The issue's fault, on the embedded database alone: its folder made immutable for 4 s while
// writes go on. Run in a child process, because the failure this guards against is a
// synchronous loop that would take this test runner's thread with it.
const child = path.resolve(import.meta.dirname, 'helpers/embedded-fault.ts');
const parent = tmpdir();
const skip = process.env.TEST_DATABASE_URL ? 'the embedded database only (TEST_DATABASE_URL is set)' : immutableUnsupported(parent);
if (skip) console.warn(`db-fault.test.ts skipped: ${skip}`);

function run(dataDir: string, faultMs: number, rounds: number, limitMs: number) {
  return new Promise<{ code: number | null; signal: string | null; out: string; err: string }>((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, dataDir, String(faultMs), String(rounds)], {
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', (d) => (err += d));
    // A spinning child never answers: end it, so the test fails instead of waiting for ever.
    const limit = setTimeout(() => proc.kill('SIGKILL'), limitMs);
    proc.on('exit', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal, out, err });
    });
  });
}

describe('a write fault on the embedded database', () => {
  it.skipIf(Boolean(skip))(
    `answers "unavailable" at once during the fault, never spins, and reopens with every committed write once writable${skip ? ` (skipped: ${skip})` : ''}`,
    async () => {
      const dataDir = mkdtempSync(path.join(parent, 'atrio-fault-'));
      try {
        // A stuck child never ends; a slow one (a busy machine: about 20 s of work, up to 50 s
        // seen while other builds ran) does, so the limit is generous.
        const result = await run(dataDir, 4_000, 2, 150_000);
        expect(result.signal, `the child was killed: it hung\n${result.err.slice(-2000)}`).toBeNull();
        expect(result.code, result.err.slice(-2000)).toBe(0);
        const report = JSON.parse(result.out.trim().split('\n').at(-1)!);
        expect(report.outcomes.other).toEqual([]);
        expect(report.outcomes.ok).toBeGreaterThan(0);
        expect(report.outcomes.unavailable).toBeGreaterThan(0);
        // Refused at once: no write waited on a database that cannot answer.
        expect(report.slowestMs).toBeLessThan(3_000);
        expect(report.rounds).toHaveLength(2);
        for (const round of report.rounds) {
          expect(round.duringFault.some((h: { ok: boolean; failed?: boolean }) => !h.ok && h.failed)).toBe(true);
          expect(round.recoveredAfterMs).not.toBeNull();
          expect(round.after).toMatchObject({ ok: true, read: true, write: true });
        }
        expect(report.stored).toBe(report.outcomes.ok);
      } finally {
        try {
          setImmutable(dataDir, false);
        } catch {
          // already writable
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
