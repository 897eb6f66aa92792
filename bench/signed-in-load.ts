import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, startAppServer } from './app-server';
import { captureClick } from './browser';
import { freshDatabase } from './fresh-database';
import { get, load, round, stop, summarise, table, treeRssMb, type Child, type Measured } from './lib';
import { seedSignedIn } from './signed-in';

// `npm run bench:signed-in`: what a signed-in member pays per click. The production server
// on a fresh demo database (embedded, or a new database on BENCH_DATABASE_URL), loaded in
// alternating rounds: /api/health (the baseline), a light signed-in GET, a signed-in list,
// the dashboard (its HTML, and a click on it from the chats as Chromium's router makes it),
// the chats and a board; each figure is also given as a ratio to the health
// check of the same round, since this machine is shared and noisy. Memory is read before,
// right after and a while after the load. The light GET is also compared with a bare Node
// process running that route's own queries on the same database.

const ROOT = path.resolve(import.meta.dirname, '..');
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = num('BENCH_DURATION', 5);
const ROUNDS = num('BENCH_ROUNDS', 2);
const SETTLE_S = num('BENCH_SETTLE_S', 60);
const API_CONNECTIONS = 50;
const PAGE_CONNECTIONS = 10;
const progress = (line: string) => process.stdout.write(`${line}\n`);

function bareOps(dataDir: string, databaseUrl: string | undefined, ownerId: string, projectId: string): number {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-queries.ts', dataDir, ownerId, projectId, String(DURATION), String(API_CONNECTIONS)],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl ?? '' }, encoding: 'utf8' },
  );
  const ops = /ops ([\d.]+)/.exec(run.stdout)?.[1];
  if (!ops) throw new Error(`the bare query script failed:\n${run.stderr}`);
  return Number(ops);
}

async function main() {
  if (!ensureBuild(progress)) return 1;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-'));
  const database = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  let app: Child | undefined;
  try {
    process.env.AUTH_SECRET = randomBytes(32).toString('base64url');
    process.env.DATA_DIR = dataDir;
    const seeded = await seedSignedIn(dataDir, database?.url);
    progress(`Database: ${database ? 'PostgreSQL' : 'embedded (PGlite)'}. Bare queries of /api/chats/unread, ${DURATION} s × ${API_CONNECTIONS} in flight…`);
    // Before the server starts: the embedded database admits one process at a time.
    const bare = bareOps(dataDir, database?.url, seeded.ownerId, seeded.projectId);

    const started = await startAppServer(dataDir, database?.url);
    app = started.app;
    const origin = started.origin;
    await sleep(10_000);
    const pid = app.proc.pid!;
    const memory: [string, number][] = [['idle, 10 s after start', treeRssMb(pid)]];

    progress('Recording a click from the chats to the dashboard in Chromium…');
    const click = await captureClick(origin, seeded.owner, '/dashboard/chats', '/dashboard');
    const signedIn = { cookie: seeded.owner };
    const targets: { name: string; url: string; connections: number; headers?: Record<string, string> }[] = [
      { name: '/api/health', url: '/api/health', connections: API_CONNECTIONS },
      { name: 'GET /api/chats/unread (light)', url: '/api/chats/unread', connections: API_CONNECTIONS, headers: signedIn },
      { name: 'GET /api/requests (list)', url: '/api/requests', connections: API_CONNECTIONS, headers: signedIn },
      // A reload: answered from memory once the page is kept (lib/http/member-pages.ts).
      { name: '/dashboard', url: '/dashboard', connections: PAGE_CONNECTIONS, headers: signedIn },
      // A hard reload (Shift+reload) renders it every time: what a first load or a change costs.
      { name: '/dashboard, rendered (a hard reload)', url: '/dashboard', connections: PAGE_CONNECTIONS, headers: { ...signedIn, 'cache-control': 'no-cache' } },
      // What a member's click costs: the router's request for the page, without its HTML.
      { name: '/dashboard, a click from the chats', url: click.path, connections: PAGE_CONNECTIONS, headers: { ...click.headers, ...signedIn } },
      { name: '/dashboard/chats', url: '/dashboard/chats', connections: PAGE_CONNECTIONS, headers: signedIn },
      { name: '/dashboard/boards/[id]', url: `/dashboard/boards/${seeded.boardId}`, connections: PAGE_CONNECTIONS, headers: signedIn },
    ];
    for (const t of targets) {
      const answer = await get(origin + t.url, 30_000, t.headers);
      if (answer.status !== 200) throw new Error(`${t.name} answered ${answer.status}`);
      if (t.url.startsWith('/dashboard')) progress(`  ${t.name}: ${(answer.body.length / 1024).toFixed(1)} kB (${answer.type})`);
    }

    const results = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
    const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    for (let r = 1; r <= ROUNDS; r++) {
      let health = NaN;
      for (const t of targets) {
        progress(`Round ${r}/${ROUNDS}: ${t.name}, ${DURATION} s × ${t.connections} connections…`);
        const m = summarise(await load(origin + t.url, DURATION, t.connections, t.headers));
        if (t.name === '/api/health') health = m.reqPerSec;
        results.get(t.name)!.push(m);
        ratios.get(t.name)!.push(m.reqPerSec / health);
      }
    }
    memory.push(['right after the load', treeRssMb(pid)]);
    progress(`Waiting ${SETTLE_S} s for the server to settle…`);
    await sleep(SETTLE_S * 1000);
    memory.push([`${SETTLE_S} s later`, treeRssMb(pid)]);

    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const light = results.get('GET /api/chats/unread (light)')!;
    progress('');
    progress(
      table(
        ['target', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', '× /api/health'],
        targets.map((t) => {
          const ms = results.get(t.name)!;
          return [
            t.name,
            String(round(median(ms.map((m) => m.reqPerSec)), 0)),
            String(median(ms.map((m) => m.p50Ms))),
            String(median(ms.map((m) => m.p99Ms))),
            String(ms.reduce((n, m) => n + m.non2xx + m.errors, 0)),
            String(round(median(ratios.get(t.name)!))),
          ];
        }),
      ),
    );
    progress('');
    progress(`Bare queries of /api/chats/unread: ${round(bare, 0)} ops/s; the route gives ${round(median(light.map((m) => m.reqPerSec)) / bare)}× that.`);
    progress(
      table(
        ['resident memory of the server process tree', 'MB'],
        memory.map(([label, mb]) => [label, String(round(mb, 0))]),
      ),
    );
    return 0;
  } finally {
    if (app) await stop(app);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
