import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ensureBuild, startAppServer } from './app-server';
import { launchChromium, signedInContext } from './browser';
import { freshDatabase } from './fresh-database';
import { cpuTimes, get, round, stop, table, type Child } from './lib';
import { seedSignedIn } from './signed-in';

// `npm run bench:page-views`: what the server does for a member clicking through the
// dashboard in a real browser, not for one page fetched alone. Chromium opens the dashboard
// and moves through the sidebar as a person does (the pointer reaches a link, then clicks);
// every request the server gets is counted by kind, and the server's CPU time is read from
// /proc before and after. The baseline, measured in the same run: the server's CPU for the
// same pages' HTML fetched once each, with nothing else.

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const RUNS = num('BENCH_RUNS', 5);
const QUIET_MS = 1_500;
const TOUR = ['/dashboard/chats', '/dashboard/users', '/dashboard/boards', '/dashboard/requests', '/dashboard/invoices', '/dashboard'];
const progress = (line: string) => process.stdout.write(`${line}\n`);

/** The process's user and system CPU so far, in milliseconds. */
function cpuMs(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

type Kind = 'document' | 'navigation' | 'prefetch' | 'api' | 'other';
const noRequests = (): Record<Kind, number> => ({ document: 0, navigation: 0, prefetch: 0, api: 0, other: 0 });
function kindOf(url: URL, headers: Record<string, string>, resourceType: string): Kind {
  if (resourceType === 'document') return 'document';
  if (headers['rsc'] === '1') return headers['next-router-prefetch'] ? 'prefetch' : 'navigation';
  if (url.pathname.startsWith('/api/')) return 'api';
  return 'other';
}

/** Waits until the page has made no request for QUIET_MS. */
async function settled(last: { at: number }): Promise<void> {
  while (Date.now() - last.at < QUIET_MS) await sleep(100);
}

async function main() {
  if (!ensureBuild(progress)) return 1;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-'));
  const database = process.env.BENCH_DATABASE_URL ? await freshDatabase(process.env.BENCH_DATABASE_URL) : undefined;
  let app: Child | undefined;
  const browser = await launchChromium();
  try {
    process.env.AUTH_SECRET = randomBytes(32).toString('base64url');
    process.env.DATA_DIR = dataDir;
    const seeded = await seedSignedIn(dataDir, database?.url);
    const started = await startAppServer(dataDir, database?.url);
    app = started.app;
    const { origin } = started;
    const pid = app.proc.pid!;
    progress(`Database: ${database ? 'PostgreSQL' : 'embedded (PGlite)'}. ${RUNS} runs of the tour ${['/dashboard', ...TOUR].join(' → ')}.`);

    const counts = noRequests();
    let tourCpu = 0;
    let baseCpu = 0;
    for (let run = 0; run <= RUNS; run++) {
      // Run 0 warms the server's caches and code and is not counted.
      const context = await signedInContext(browser, origin, seeded.owner);
      const page = await context.newPage();
      const last = { at: Date.now() };
      const seen = noRequests();
      page.on('request', (request) => {
        last.at = Date.now();
        const url = new URL(request.url());
        if (url.origin === origin) seen[kindOf(url, request.headers(), request.resourceType())]++;
      });
      page.on('requestfinished', () => (last.at = Date.now()));

      const before = cpuMs(pid);
      await page.goto(`${origin}/dashboard`);
      await settled(last);
      const sidebar = page.getByTestId('sidebar');
      for (const href of TOUR) {
        await sidebar.locator(`a[href="${href}"]`).click();
        await page.waitForURL(`${origin}${href}`);
        await settled(last);
      }
      const tour = cpuMs(pid) - before;
      await context.close();

      // The same pages' HTML, one request each, nothing else.
      const baseStart = cpuMs(pid);
      for (const href of ['/dashboard', ...TOUR]) {
        const answer = await get(origin + href, 30_000, { cookie: seeded.owner });
        if (answer.status !== 200) throw new Error(`${href} answered ${answer.status}`);
      }
      const base = cpuMs(pid) - baseStart;
      if (run === 0) continue;
      tourCpu += tour;
      baseCpu += base;
      for (const kind of Object.keys(counts) as Kind[]) counts[kind] += seen[kind];
      progress(`  run ${run}: server CPU ${tour} ms for the tour, ${base} ms for its pages' HTML alone; requests ${JSON.stringify(seen)}`);
    }

    const per = (n: number) => String(round(n / RUNS, 1));
    progress('');
    progress(
      table(
        ['per tour (7 pages)', 'value'],
        [
          ['server CPU, ms', per(tourCpu)],
          ["server CPU for the pages' HTML alone (baseline), ms", per(baseCpu)],
          ['tour ÷ baseline', `${round(tourCpu / baseCpu)}×`],
          ['documents', per(counts.document)],
          ['router navigations', per(counts.navigation)],
          ['router prefetches', per(counts.prefetch)],
          ['API calls', per(counts.api)],
          ['other (scripts, styles, images)', per(counts.other)],
        ],
      ),
    );
    return 0;
  } finally {
    await browser.close();
    if (app) await stop(app);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
