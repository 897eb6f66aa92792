import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';
import { signAccessToken } from '../../lib/auth/tokens';
import { immutableUnsupported, setImmutable } from '../integration/helpers/immutable';
import { startServer, type Started } from './support/server';

// Issue 13, item 17: a transient write fault on the embedded database (its folder immutable for
// 4 s while chat messages are being sent) once left the server spinning at 100% CPU for ever,
// deaf to SIGTERM. Against the production server, five times over: during the fault every
// request finishes within seconds (503s, health unhealthy); afterwards the server serves and
// saves again (or has ended itself with a non-zero status); it never spins; SIGTERM ends it.

const ROUNDS = 5;
const FAULT_MS = 4_000;
// Generous: on a loaded 2-core machine reopening the database blocks the server for seconds.
const REQUEST_LIMIT_MS = 10_000;
const WATCHDOG_MS = 5_000;

type Fault = { method: string; env: Record<string, string>; on(): void; off(): void };

/** The kernel's immutable flag where it works; else a preload that fails the server's own writes (same EPERM). */
function faultFor(dataDir: string): Fault {
  const dir = path.join(dataDir, 'pglite');
  const unsupported = process.env.E2E_DB_FAULT === 'intercept' ? 'E2E_DB_FAULT=intercept' : immutableUnsupported(dataDir);
  if (!unsupported) return { method: 'chattr -R +i', env: {}, on: () => setImmutable(dir, true), off: () => setImmutable(dir, false) };
  const flag = path.join(dataDir, 'fault-on');
  const preload = pathToFileURL(path.resolve('tests/e2e/support/fs-fault.mjs')).href;
  return {
    method: `EPERM injected in the server's fs calls (${unsupported})`,
    env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(), FS_FAULT_DIR: dir, FS_FAULT_FLAG: flag },
    on: () => writeFileSync(flag, ''),
    off: () => rmSync(flag, { force: true }),
  };
}

/** The process's CPU use (user + system, % of one core) over `ms`; null where /proc is missing. */
async function cpuPercent(pid: number, ms: number): Promise<number | null> {
  const ticks = () => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  try {
    const before = ticks();
    await new Promise((r) => setTimeout(r, ms));
    // Linux counts 100 ticks a second (USER_HZ): ticks per second is the percentage of a core.
    return (ticks() - before) / (ms / 1000);
  } catch {
    return null;
  }
}

type Answer = { status: number | 'timeout' | 'refused'; ms: number; at: number; body?: { data?: { message?: { id: string } }; message?: string } };

const events: string[] = [];
const t0 = performance.now();
const now = () => Math.round(performance.now() - t0);

async function call(url: string, init: RequestInit = {}): Promise<Answer> {
  const started = performance.now();
  const at = now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
    const text = await res.text();
    return { status: res.status, ms: performance.now() - started, at, body: text.startsWith('{') ? JSON.parse(text) : undefined };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { status: timedOut ? 'timeout' : 'refused', ms: performance.now() - started, at };
  }
}

test('a write fault on the embedded database: 503s and an unhealthy health while it lasts, service again after, never a spin', async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-dbfault-'));
  const fault = faultFor(dataDir);
  test.info().annotations.push({ type: 'fault', description: fault.method });
  console.log(`db-fault.spec.ts: fault by ${fault.method}`);
  let server: Started | undefined;
  try {
    // Seeded as the e2e database is (demo project, a session per person), then served.
    const t0 = Date.now();
    const env = { ...process.env, DATA_DIR: dataDir, E2E_DATA_DIR: dataDir };
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/support/prepare-db.ts'], { env, stdio: 'inherit' });
    expect(seeded.status).toBe(0);
    // Three writers send far more than a person may a minute: the chat limit is lifted, as for the
    // socket benchmark, so the only refusals left are the fault's 503s.
    server = await startServer({
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      WATCHDOG_MS: String(WATCHDOG_MS),
      CHAT_MESSAGES_PER_MINUTE: '1000000',
      ...fault.env,
    });
    console.log(`db-fault.spec.ts: seeded and started in ${Date.now() - t0} ms`);
    const base = server.base;
    const fixture = JSON.parse(readFileSync(path.join(dataDir, 'e2e-fixture.json'), 'utf8'));
    const owner = fixture.people.find((p: { profile: string }) => p.profile === 'Owner');
    const token = await signAccessToken(
      { sub: owner.userId, sid: owner.sessionId, pid: owner.projectId, ppid: owner.profileId, root: false, prr: true, perms: [] },
      3600,
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await call(`${base}/api/chats/conversations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: 'channel', name: `fault-${Date.now()}` }),
    });
    expect(created.status).toBe(201);
    const conversationId = (created.body as { data: { conversation: { id: string } } }).data.conversation.id;
    const messagesUrl = `${base}/api/chats/conversations/${conversationId}/messages`;

    // Three writers, as busy people would be, all through the faults.
    const answers: Answer[] = [];
    let writing = true;
    let n = 0;
    const writer = async () => {
      while (writing && server!.proc.exitCode === null && server!.proc.signalCode === null) {
        const answer = await call(messagesUrl, { method: 'POST', headers, body: JSON.stringify({ body: `message ${(n += 1)}` }) });
        answers.push(answer);
        if (answer.status !== 201) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const writers = [writer(), writer(), writer()];
    events.push(`${now()} writing`);

    let exitedItself = false;
    for (let round = 0; round < ROUNDS && !exitedItself; round++) {
      await new Promise((r) => setTimeout(r, 500));
      const before = answers.length;
      fault.on();
      events.push(`${now()} fault on`);
      const health: Answer[] = [];
      const ends = Date.now() + FAULT_MS;
      // The fault shows on the first write that reaches the disk; on a slow machine a few
      // seconds may hold none, so it lasts until one did, up to three times as long.
      const noticed = () => answers.slice(before).some((a) => a.status === 503) || health.some((h) => h.status === 503);
      try {
        while (Date.now() < ends || (!noticed() && Date.now() < ends + 2 * FAULT_MS)) {
          health.push(await call(`${base}/api/health`));
          await new Promise((r) => setTimeout(r, 400));
        }
      } finally {
        fault.off();
        events.push(`${now()} fault off`);
      }
      const during = answers.slice(before);
      expect(noticed(), `round ${round}: the fault was noticed (${during.length} writes during it)`).toBe(true);
      expect(
        health.filter((h) => h.status !== 503 && h.status !== 200 && h.status !== 'refused'),
        `round ${round}: health answered`,
      ).toEqual([]);
      // Back in service within seconds, or ended by itself (a supervisor restarts it).
      const restored = Date.now();
      let healthy = false;
      while (!healthy && Date.now() - restored < 20_000) {
        if (server.proc.exitCode !== null || server.proc.signalCode !== null) break;
        healthy = (await call(`${base}/api/health`)).status === 200;
        if (!healthy) await new Promise((r) => setTimeout(r, 250));
      }
      events.push(`${now()} ${healthy ? 'healthy' : 'not healthy'}`);
      console.log(
        `db-fault.spec.ts: round ${round + 1}: ${during.length} writes during the fault, ${healthy ? `healthy ${Date.now() - restored} ms after` : 'not healthy'}`,
      );
      if (!healthy) {
        exitedItself = true;
        const code = await Promise.race([server.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), WATCHDOG_MS + 5_000))]);
        expect(code, `round ${round}: neither back in service nor ended`).not.toBe('running');
        expect(code === null || code !== 0, `round ${round}: ended with a failure status`).toBe(true);
      }
    }
    writing = false;
    await Promise.all(writers);

    // Every request finished within the limit, and none was a 500.
    const late = answers.filter((a) => a.status === 'timeout').map((a) => a.at);
    expect(late, `requests that took over ${REQUEST_LIMIT_MS} ms, started at (ms): ${late}; ${events.join(', ')}\n${server.err().slice(-3000)}`).toEqual([]);
    expect(answers.filter((a) => typeof a.status === 'number' && a.status !== 201 && a.status !== 503).map((a) => a.status)).toEqual([]);
    const unavailable = answers.find((a) => a.status === 503);
    expect(unavailable?.body?.message).toBe('The database is unavailable right now. Please try again in a moment.');
    if (exitedItself) return;

    // In service: a new message is saved, every message answered 201 is there, the CPU is idle.
    expect((await call(messagesUrl, { method: 'POST', headers, body: JSON.stringify({ body: 'after the faults' }) })).status).toBe(201);
    const saved = new Set<string>();
    let before: number | undefined;
    for (;;) {
      const page = await call(`${messagesUrl}?limit=100${before === undefined ? '' : `&before=${before}`}`, { headers });
      const data = (page.body as unknown as { data: { messages: { id: string; seq: number }[]; hasMore: boolean } }).data;
      for (const m of data.messages) saved.add(m.id);
      if (!data.hasMore || data.messages.length === 0) break;
      before = data.messages[0].seq;
    }
    const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.body!.data!.message!.id);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((id) => !saved.has(id))).toEqual([]);
    const cpu = await cpuPercent(server.proc.pid!, 2_000);
    if (cpu !== null) expect(cpu, 'CPU while idle after the faults').toBeLessThan(50);

    const stopping = performance.now();
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(5_000);
  } finally {
    fault.off();
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) {
      server.proc.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
