import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  BARE_SERVER,
  type Child,
  type FirstLoad,
  type Measured,
  firstLoadJs,
  freePort,
  get,
  isRunning,
  launch,
  load,
  round,
  stop,
  stopLoad,
  summarise,
  table,
  waitForOk,
} from './lib';
import { seedSignedIn } from './signed-in';
import { formatCaptcha, runCaptchaBench, type CaptchaTiming } from './captcha';
import { SERVER_ENTRY } from '../scripts/build-state.mjs';

// `npm run bench`: throughput of the public pages against two baselines (a bare Node
// server: the machine's limit; a static file through the app: the framework's floor),
// and the gzipped JavaScript each page loads. Needs `npm run build` first. Before all that,
// how long the captcha's proof of work takes in headless Chromium (bench/captcha.ts).
// Env: BENCH_DURATION (seconds per target, default 5), BENCH_CONNECTIONS (default 50),
// BENCH_CAPTCHA_RUNS (default 20).

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = ['/', '/faq', '/help/getting-started'];
// Pages with forms also load the form library and the shared schemas (the captcha widget comes later, once the page has loaded).
const FORM_PAGES = ['/login', '/register'];
const FORM_JS_AIM_KB = 185;
// Signed-in pages also load the query client, jotai and the Radix primitives; root pages are seen as root.
const DASHBOARD_PAGES = ['/dashboard', '/dashboard/chats', '/dashboard/users', '/dashboard/profiles', '/dashboard/settings/general', '/account/general'];
const ROOT_PAGES = ['/root', '/root/projects'];
const DASHBOARD_JS_AIM_KB = 230;
const PAGE_AIM = 0.8; // page req/s ÷ static file req/s
const JS_AIM_KB = 150; // First Load JS, gzip, kB (1 kB = 1000 bytes)
const READY_TIMEOUT_MS = 180_000; // first start migrates and seeds the database

function envNumber(name: string, fallback: number, integer: boolean): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    process.stderr.write(`${name} must be a positive ${integer ? 'integer' : 'number'} (got "${raw}")\n`);
    process.exit(2);
  }
  return value;
}

const children: Child[] = [];
let dataDir: string | undefined;
let cleaning: Promise<void> | undefined;
let interrupted = false;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopLoad();
    await Promise.all(children.map((child) => stop(child).catch(() => undefined)));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    process.stderr.write(`\n${signal}: stopping the servers…\n`);
    void cleanup().finally(() => process.exit(130));
  });
}
// Last resort if something calls process.exit before cleanup finished.
process.on('exit', () => {
  for (const child of children) if (isRunning(child)) child.proc.kill('SIGKILL');
});

const progress = (text: string) => process.stderr.write(`${text}\n`);

function track(child: Child): Child {
  children.push(child);
  child.proc.once('exit', (code, signal) => {
    if (!cleaning) progress(`warning: ${child.name} exited during the bench (${signal ?? `code ${code}`}); did another process stop it?`);
  });
  return child;
}
// autocannon's latency histogram has 1 ms resolution.
const ms = (value: number) => (value < 1 ? '<1' : String(Math.round(value)));
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '—');
const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** After a failure: whether each server is still up (a server that went away explains most). */
async function describeChildren(): Promise<void> {
  await Promise.race([Promise.all(children.map((c) => c.exited)), sleep(2_000)]); // a stopping server may still be closing
  for (const child of children) {
    const { exitCode, signalCode } = child.proc;
    const state = isRunning(child) ? 'still running' : `exited (${signalCode ?? `code ${exitCode}`}) before the bench stopped it`;
    process.stderr.write(`  ${child.name}: ${state}${child.tail() ? `; last output:\n${child.tail()}` : ''}\n`);
  }
}

interface Target {
  name: string;
  url: string;
  page: boolean;
}

async function main(): Promise<number> {
  // The captcha's proof of work in a browser needs neither the build nor a server: timed
  // first, while nothing else runs (bench/captcha.ts).
  progress('Timing the captcha proof of work in headless Chromium…');
  const captcha: CaptchaTiming | null = await runCaptchaBench().catch((error: unknown) => {
    progress(`warning: the captcha timing failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    if (captcha) process.stdout.write(`${['', ...formatCaptcha(captcha), ''].join('\n')}\n`);
    process.stderr.write('No production build: .next/BUILD_ID is missing. Run `npm run build` first, then `npm run bench`.\n');
    return 1;
  }
  const duration = envNumber('BENCH_DURATION', 5, false);
  const connections = envNumber('BENCH_CONNECTIONS', 50, true);
  const buildId = readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8').trim();

  // 1. Baseline 1: bare Node http.
  const barePort = await freePort();
  const bare = track(launch('bare node server', ['-e', BARE_SERVER], { cwd: ROOT, env: { ...process.env, PORT: String(barePort) } }));

  // 2. The production server on a fresh, empty data directory (embedded database).
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-'));
  const appPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  delete env.DATABASE_URL; // always the embedded database in the fresh DATA_DIR
  delete env.PUBLIC_URL;
  // The bench signs its own sessions, so it shares the server's secret and seeds the directory first.
  env.AUTH_SECRET = process.env.AUTH_SECRET = randomBytes(32).toString('base64url');
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  progress("Seeding the data directory and opening the demo owner's and root's sessions…");
  const cookies = await seedSignedIn(dataDir);
  progress(`Starting the bare server (:${barePort}) and Atrio (:${appPort}, DATA_DIR ${dataDir})…`);
  const app = track(launch('Atrio server', [SERVER_ENTRY], { cwd: ROOT, env }));

  const bareUrl = `http://127.0.0.1:${barePort}/`;
  const origin = `http://127.0.0.1:${appPort}`;
  await waitForOk(bareUrl, bare, 15_000);
  const startedAt = Date.now();
  const health = JSON.parse((await waitForOk(`${origin}/api/health`, app, READY_TIMEOUT_MS)).toString('utf8')) as {
    buildId?: string;
    database?: { kind?: string };
  };
  progress(`Atrio answered /api/health after ${((Date.now() - startedAt) / 1000).toFixed(1)} s (database: ${health.database?.kind ?? '?'}).`);

  const targets: Target[] = [
    { name: 'bare node JSON', url: bareUrl, page: false },
    { name: '/static/ping.json', url: `${origin}/static/ping.json`, page: false },
    ...PAGES.map((page) => ({ name: page, url: origin + page, page: true })),
    { name: '/api/health', url: `${origin}/api/health`, page: false },
  ];

  // 3. Warm every URL (pages render once, then come from Next's cache), then measure.
  const measured = new Map<string, Measured>();
  for (const target of targets) {
    for (let i = 0; i < 5; i++) {
      const { status } = await get(target.url);
      if (status < 200 || status >= 300) progress(`  warning: warm-up GET ${target.name} answered ${status}`);
    }
    progress(`Measuring ${target.name}: 1 s warm-up, then ${duration} s × ${connections} connections…`);
    await load(target.url, 1, connections);
    measured.set(target.name, summarise(await load(target.url, duration, connections)));
  }

  // 5. First Load JS of each public page.
  progress('Fetching the scripts of each public page…');
  const firstLoad = new Map<string, FirstLoad>();
  for (const page of [...PAGES, ...FORM_PAGES]) firstLoad.set(page, await firstLoadJs(origin, page));
  for (const page of DASHBOARD_PAGES) firstLoad.set(page, await firstLoadJs(origin, page, cookies.owner));
  for (const page of ROOT_PAGES) firstLoad.set(page, await firstLoadJs(origin, page, cookies.root));

  // 4. The table and the aims.
  const bareRps = measured.get('bare node JSON')?.reqPerSec ?? NaN;
  const staticRps = measured.get('/static/ping.json')?.reqPerSec ?? NaN;
  const rows = targets.map((target) => {
    const m = measured.get(target.name) as Measured;
    return { target, m, vsBare: m.reqPerSec / bareRps, vsStatic: m.reqPerSec / staticRps };
  });
  const out: string[] = [];
  out.push('', `Atrio public bench — build ${buildId}, ${duration} s × ${connections} connections per target (after a 1 s warm-up)`, '');
  out.push(
    table(
      ['target', 'req/s', 'p50 ms', 'p99 ms', '× bare', '× static', 'non-2xx', 'errors'],
      rows.map(({ target, m, vsBare, vsStatic }) => [
        target.name,
        Math.round(m.reqPerSec).toLocaleString('en-US'),
        ms(m.p50Ms),
        ms(m.p99Ms),
        ratio(vsBare),
        ratio(vsStatic),
        String(m.non2xx),
        m.timeouts > 0 ? `${m.errors} (${m.timeouts} timeouts)` : String(m.errors),
      ]),
    ),
  );
  out.push('', `Pages vs the static file (aim ≥ ${PAGE_AIM.toFixed(2)}; informational):`);
  for (const { target, vsStatic } of rows.filter((row) => row.target.page)) {
    out.push(`  ${mark(vsStatic >= PAGE_AIM)} ${target.name.padEnd(24)} ${ratio(vsStatic)}`);
  }
  out.push(
    '',
    `First Load JS, gzip (aim ≤ ${JS_AIM_KB} kB public, ≤ ${FORM_JS_AIM_KB} kB form pages, ≤ ${DASHBOARD_JS_AIM_KB} kB signed in; 1 kB = 1000 bytes):`,
  );
  for (const [page, js] of firstLoad) {
    const kB = js.gzipBytes / 1000;
    const signedIn = DASHBOARD_PAGES.includes(page) || ROOT_PAGES.includes(page);
    const aim = signedIn ? DASHBOARD_JS_AIM_KB : FORM_PAGES.includes(page) ? FORM_JS_AIM_KB : JS_AIM_KB;
    out.push(`  ${mark(kB <= aim)} ${page.padEnd(24)} ${kB.toFixed(1).padStart(7)} kB  (${js.scripts} scripts, ${(js.rawBytes / 1000).toFixed(1)} kB raw)`);
  }

  if (captcha) out.push('', ...formatCaptcha(captcha));

  // 6. The machine and the numbers as one JSON line.
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model.trim() ?? 'unknown CPU';
  out.push('', `Machine: Node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpuModel}, ${round(os.totalmem() / 1024 ** 3, 1)} GB RAM`);
  const failed = rows.filter((row) => row.m.mostlyFailed);
  for (const { target, m } of failed) {
    out.push(
      `FAILED: ${target.name} answered mostly errors (${m.ok} 2xx, ${m.non2xx} non-2xx, ${m.errors} errors; status codes ${JSON.stringify(m.statusCodes)})`,
    );
  }
  const json = {
    date: new Date().toISOString(),
    buildId,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpu: cpuModel,
    cpus: cpus.length,
    database: health.database?.kind ?? null,
    durationS: duration,
    connections,
    targets: rows.map(({ target, m, vsBare, vsStatic }) => ({
      target: target.name,
      reqPerSec: round(m.reqPerSec, 1),
      p50Ms: m.p50Ms,
      p99Ms: m.p99Ms,
      vsBare: round(vsBare, 3),
      vsStatic: round(vsStatic, 3),
      ok: m.ok,
      non2xx: m.non2xx,
      errors: m.errors,
    })),
    pagesVsStatic: Object.fromEntries(rows.filter((r) => r.target.page).map((r) => [r.target.name, round(r.vsStatic, 3)])),
    pageAim: PAGE_AIM,
    firstLoadJsGzip: Object.fromEntries(
      [...firstLoad].map(([page, js]) => [page, { kB: round(js.gzipBytes / 1000, 1), bytes: js.gzipBytes, scripts: js.scripts }]),
    ),
    jsAimKB: JS_AIM_KB,
    dashboardJsAimKB: DASHBOARD_JS_AIM_KB,
    captcha,
  };
  out.push(`BENCH_JSON ${JSON.stringify(json)}`);
  process.stdout.write(`${out.join('\n')}\n`);
  return failed.length > 0 ? 1 : 0;
}

main()
  .catch((error: unknown) => {
    // After a signal, failures are the servers going away: the handler reports and exits.
    if (interrupted) return 130;
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return describeChildren().then(() => 1);
  })
  .then(async (code) => {
    if (children.length > 0 && !interrupted) progress('Stopping the servers…');
    await cleanup();
    process.exit(interrupted ? 130 : code);
  });
