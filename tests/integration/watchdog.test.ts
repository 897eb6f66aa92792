import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WATCHDOG_EXIT_STATUS, WATCHDOG_SIGNAL } from '@/lib/ops/watchdog';

const child = path.resolve(import.meta.dirname, 'helpers/blocked-loop.ts');

type Outcome = { code: number | null; signal: NodeJS.Signals | null; out: string; err: string; blockedForMs: number };

/** Runs the helper; once it says "blocking", sends SIGTERM after `termAfterMs` (if given) and times how long it lived on. */
function run(mode: 'block' | 'busy', limitMs: number, runMs: number, termAfterMs?: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, mode, String(limitMs), String(runMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let blockedAt = 0;
    const stop = setTimeout(() => proc.kill('SIGKILL'), 30_000); // the watchdog failed: do its job
    proc.stdout.on('data', (d) => {
      out += d;
      if (!blockedAt && out.includes('blocking')) {
        blockedAt = performance.now();
        if (termAfterMs !== undefined) setTimeout(() => proc.kill('SIGTERM'), termAfterMs);
      }
    });
    proc.stderr.on('data', (d) => (err += d));
    proc.on('exit', (code, signal) => {
      clearTimeout(stop);
      resolve({ code, signal, out, err, blockedForMs: performance.now() - blockedAt });
    });
  });
}

describe('the event loop watchdog', () => {
  it('kills a process whose event loop is blocked, even though SIGTERM cannot be handled, within the limit', async () => {
    const limitMs = 1_500;
    const r = await run('block', limitMs, 0, 200);
    expect(r.signal).toBe(WATCHDOG_SIGNAL);
    expect(WATCHDOG_EXIT_STATUS).toBe(128 + 9);
    // SIGTERM reached a process whose handler could never run.
    expect(r.out).not.toContain('SIGTERM handled');
    // Not before the limit (as the watchdog measured it), and soon after it (as seen from here).
    const line = JSON.parse(r.err.trim().split('\n').at(-1)!);
    expect(line).toMatchObject({ level: 60, app: 'atrio', limitMs });
    expect(line.blockedMs).toBeGreaterThan(limitMs);
    expect(r.blockedForMs).toBeLessThan(limitMs + 3_000);
    expect(line.msg).toMatch(/event loop blocked/);
  }, 40_000);

  it('leaves a busy process alone while its event loop keeps turning, and SIGTERM is handled as usual', async () => {
    const busy = await run('busy', 1_000, 3_000);
    expect(busy).toMatchObject({ code: 0, signal: null });
    const idle = await run('busy', 1_000, 60_000, 500);
    expect(idle).toMatchObject({ code: 0, signal: null });
    expect(idle.out).toContain('SIGTERM handled');
  }, 40_000);
});
