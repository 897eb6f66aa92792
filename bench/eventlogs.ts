import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { count } from 'drizzle-orm';
import { NextRequest } from 'next/server';

// `npm run bench:eventlogs`: does recording access events slow a request? One process, the
// real route wrapper and a real database: an HTTP server answers each request with a
// signed-in API call (the profiles list: session lookup, permission check, a query) and has
// both event logs hooks in its path (server.ts's page hook, lib/http/route.ts's API hook). Rounds with
// recording off and on alternate in the same run; latency and throughput are compared.
// Env: BENCH_SECONDS (per round, default 5), BENCH_ROUNDS (pairs, default 2), BENCH_CONNECTIONS (default 10).

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const progress = (text: string) => process.stderr.write(`${text}\n`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-eventlogs-'));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET = randomBytes(32).toString('base64url');
process.env.LOG_LEVEL = 'warn';

const { seedSignedIn } = await import('./signed-in');
const { openDb, setDbHandle } = await import('../lib/db/client');
const { recordPage } = await import('../lib/eventlogs/capture');
const { flushEvents, setRecording } = await import('../lib/eventlogs/recorder');
const { eventLogs } = await import('../lib/eventlogs/tables');
const profiles = await import('../app/api/profiles/route');

progress('seeding…');
const { owner: cookie } = await seedSignedIn(dataDir);
const handle = openDb({ dataDir });
setDbHandle(handle);

const server = createServer((req, res) => {
  const started = performance.now();
  res.on('finish', () => recordPage(req, res, performance.now() - started)); // server.ts's hook
  const headers = Object.entries(req.headers as IncomingHttpHeaders).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
  void profiles
    .GET(new NextRequest(`http://localhost${req.url}`, { headers }))
    .then(async (r) => {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(await r.text());
    })
    .catch(() => {
      res.statusCode = 500;
      res.end();
    });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

async function round(on: boolean): Promise<Result> {
  setRecording(on);
  return autocannon({
    // A page path: the wrapper records the API call, server.ts's hook the page view.
    url: `http://127.0.0.1:${port}/dashboard/profiles`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie, 'user-agent': 'bench' },
  });
}

const results: Record<'off' | 'on', Result[]> = { off: [], on: [] };
// The demo history is already there; only what the rounds add counts.
const [{ seeded }] = await handle.db.select({ seeded: count() }).from(eventLogs);
progress('warming up…');
await round(false);
for (let i = 0; i < ROUNDS; i++) {
  for (const mode of ['off', 'on'] as const) {
    progress(`round ${i + 1}, recording ${mode}…`);
    results[mode].push(await round(mode === 'on'));
    await flushEvents(); // what a round buffered is written before the next starts
  }
}
setRecording(false);
const [{ written }] = await handle.db.select({ written: count() }).from(eventLogs);

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
const stats = (mode: 'off' | 'on') => ({
  p50: mean(results[mode].map((r) => r.latency.p50)),
  p99: mean(results[mode].map((r) => r.latency.p99)),
  avg: mean(results[mode].map((r) => r.latency.average)),
  rps: mean(results[mode].map((r) => r.requests.average)),
  errors: results[mode].reduce((a, r) => a + r.errors + r.non2xx, 0),
});
const off = stats('off');
const on = stats('on');
const row = (name: string, s: typeof off) =>
  `${name.padEnd(14)} ${s.avg.toFixed(2).padStart(8)} ${String(s.p50).padStart(6)} ${String(s.p99).padStart(6)} ${s.rps.toFixed(0).padStart(8)} ${String(s.errors).padStart(7)}`;
process.stdout.write(
  [
    '',
    `Event logs recording: ${ROUNDS} × ${SECONDS} s per mode, ${CONNECTIONS} connections, each request a page view and an API call`,
    `${'recording'.padEnd(14)} ${'avg ms'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'req/s'.padStart(8)} ${'errors'.padStart(7)}`,
    row('off', off),
    row('on', on),
    `ratio on/off: avg latency ${(on.avg / off.avg).toFixed(3)}, throughput ${(on.rps / off.rps).toFixed(3)}`,
    `events written while on: ${written - seeded}`,
    '',
  ].join('\n'),
);

server.close();
server.closeAllConnections();
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
