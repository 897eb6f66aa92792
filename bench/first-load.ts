import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from '@playwright/test';
import { ensureBuild, startAppServer } from './app-server';
import { launchChromium, signedInContext } from './browser';
import { hostLine } from './host';
import { freePort, launch, median, round, STATIC_PAGE_SERVER, stop, table, waitForOk, type Child } from './lib';
import { seedSignedIn } from './signed-in';

// `npm run bench:first-load`: what a signed-in page's first load costs the browser's main
// thread, where a phone spends most of its wait. Each load is a fresh browser context (no
// cache, a renderer of its own), signed in as the demo owner; the page's main-thread time
// (all its tasks: scripts, style, layout) and its script time are read from Chromium's
// performance metrics 2 s after the page is ready. The baseline, measured in the same run:
// the smallest accessible static page from a bare Node server, loaded the same way.

const RUNS = process.env.BENCH_RUNS ? Number(process.env.BENCH_RUNS) : 5;
const SETTLE_MS = 2_000;
const progress = (line: string) => process.stdout.write(`${line}\n`);

type Cost = { taskMs: number; scriptMs: number };

/** One first load of `url` in a fresh context; `ready` waits for what the page calls ready. */
async function firstLoad(browser: Browser, url: string, cookie: string | undefined, ready: boolean): Promise<Cost> {
  const origin = new URL(url).origin;
  const context = cookie ? await signedInContext(browser, origin, cookie) : await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    if (ready) await page.locator('html[data-ready="1"]').waitFor({ state: 'attached' });
    await sleep(SETTLE_MS);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    return { taskMs: metric('TaskDuration'), scriptMs: metric('ScriptDuration') };
  } finally {
    await context.close();
  }
}

async function main() {
  if (!ensureBuild(progress)) return 1;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-'));
  const children: Child[] = [];
  const browser = await launchChromium();
  try {
    process.env.AUTH_SECRET = randomBytes(32).toString('base64url');
    process.env.DATA_DIR = dataDir;
    const seeded = await seedSignedIn(dataDir, undefined);
    const { app, origin } = await startAppServer(dataDir, undefined);
    children.push(app);
    const basePort = await freePort();
    const base = launch('static page server', ['-e', STATIC_PAGE_SERVER], { cwd: process.cwd(), env: { ...process.env, PORT: String(basePort) } });
    children.push(base);
    const baseUrl = `http://127.0.0.1:${basePort}/`;
    await waitForOk(baseUrl, base, 15_000);

    const pages: [string, string, string | undefined, boolean][] = [
      ['static page (baseline)', baseUrl, undefined, false],
      ['/dashboard', `${origin}/dashboard`, seeded.owner, true],
      ['/dashboard/chats', `${origin}/dashboard/chats`, seeded.owner, true],
      ['a board', `${origin}/dashboard/boards/${seeded.boardId}`, seeded.owner, true],
    ];
    progress(`${RUNS} first loads of each page (after one that warms the server), pages alternating.`);
    const costs = new Map<string, Cost[]>(pages.map(([name]) => [name, []]));
    for (let run = 0; run <= RUNS; run++) {
      for (const [name, url, cookie, ready] of pages) {
        const cost = await firstLoad(browser, url, cookie, ready);
        if (run > 0) costs.get(name)!.push(cost);
      }
    }
    const baseline = median(costs.get(pages[0][0])!.map((c) => c.taskMs));
    progress('');
    progress(
      table(
        ['page (median of first loads)', 'main thread, ms', 'of it scripts, ms', '× baseline'],
        pages.map(([name]) => {
          const task = median(costs.get(name)!.map((c) => c.taskMs));
          const script = median(costs.get(name)!.map((c) => c.scriptMs));
          return [name, String(round(task, 0)), String(round(script, 0)), `${round(task / baseline, 1)}×`];
        }),
      ),
    );
    progress(hostLine());
    return 0;
  } finally {
    await browser.close();
    for (const child of children) await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
