import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import type { AltchaWidgetElement } from 'altcha';
import { CHROMIUM_ARGS, ensureChromium } from '../scripts/chromium';
import { table } from './lib';

// How long the self-hosted captcha (ALTCHA proof of work) keeps a person waiting: N fresh
// challenges made by the server's own code (lib/captcha/altcha.ts, CAPTCHA_COST from the
// environment or its default) are solved one after the other by the ALTCHA widget from
// node_modules in Debian's headless Chromium, the way the login form runs it. The page is
// served by a bare Node server on loopback; nothing else is contacted. No build needed.
// `npx tsx bench/captcha.ts`; `npm run bench` runs it too. Env: BENCH_CAPTCHA_RUNS
// (default 20), CAPTCHA_COST, CHROMIUM_PATH (default: Debian's Chromium).

const ROOT = path.resolve(import.meta.dirname, '..');
const WIDGET_BUNDLE = path.join(ROOT, 'node_modules/altcha/dist/main/altcha.js');
/** The aim for the median wait at the default cost on the 2-core development machine. */
export const CAPTCHA_AIM_MS = 1000;
const JSON_MARK = 'CAPTCHA_JSON ';

export type CaptchaTiming = {
  cost: number;
  runs: number;
  workers: number;
  /** From the start of the check to the widget saying "verified" (what a person waits). */
  widgetMs: { median: number; p90: number; min: number; max: number };
  /** The proof of work alone, as the winning worker timed it. */
  solveMs: { median: number; p90: number; min: number; max: number };
  /** Counters the server picked (how many derivations each challenge took). */
  counters: { median: number; min: number; max: number };
  chromium: string;
  /** The machine's 1-minute load average before and after: other work skews the numbers. */
  loadBefore: number;
  loadAfter: number;
};

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer (got "${raw}")`);
  return value;
}

/** The value below which `q` of the sorted values lie (nearest rank). */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v);
  return { median: r(quantile(sorted, 0.5)), p90: r(quantile(sorted, 0.9)), min: r(sorted[0]), max: r(sorted[sorted.length - 1]) };
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>captcha bench</title><script type="module" src="/altcha.js"></script></head>
<body><form id="form" novalidate></form></body></html>`;

/** The page and the widget's bundle, on a free loopback port. */
async function serve(): Promise<{ server: Server; origin: string }> {
  const bundle = readFileSync(WIDGET_BUNDLE);
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(PAGE);
    } else if (req.url === '/altcha.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(bundle);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the bench page server has no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

type Run = { widgetMs: number; solveMs: number; counter: number; payload: string };

/** Measures in this process; `npm run bench` calls it through `runCaptchaBench` instead. */
export async function measureCaptcha(runs = positive('BENCH_CAPTCHA_RUNS', 20)): Promise<CaptchaTiming> {
  // The server's own challenge code, signed with a throwaway key, always ALTCHA.
  for (const name of ['CAPTCHA_PROVIDER', 'CAPTCHA_SITE_KEY', 'CAPTCHA_SECRET']) delete process.env[name];
  process.env.CAPTCHA_HMAC_KEY = randomBytes(32).toString('hex');
  const { resetEnv, env } = await import('../lib/env');
  resetEnv();
  const { checkAltchaCode, createAltchaChallenge } = await import('../lib/captcha/altcha');
  const cost = env().CAPTCHA_COST;

  const loadBefore = os.loadavg()[0];
  const { server, origin } = await serve();
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => !!customElements.get('altcha-widget'));
    const workers = await page.evaluate(() => navigator.hardwareConcurrency || 2);
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const challenge = await createAltchaChallenge();
      // As the login form hands the widget its first challenge: JSON in the attribute.
      const source = JSON.stringify({ parameters: challenge.parameters, signature: challenge.signature });
      const run = await page.evaluate(async (source) => {
        const form = document.getElementById('form')!;
        form.replaceChildren();
        const el = document.createElement('altcha-widget') as AltchaWidgetElement;
        el.setAttribute('challenge', source);
        el.setAttribute('name', 'captchaCode');
        el.setAttribute('configuration', JSON.stringify({ hideFooter: true, humanInteractionSignature: false }));
        const loaded = new Promise((resolve) => el.addEventListener('load', resolve, { once: true }));
        form.appendChild(el);
        await loaded;
        const start = performance.now();
        const result = await el.verify();
        const widgetMs = performance.now() - start;
        if (!result?.payload || !result.solution) throw new Error(`the widget did not solve the challenge (state ${el.getState()})`);
        return { widgetMs, solveMs: result.solution.time ?? NaN, counter: result.solution.counter, payload: result.payload };
      }, source);
      // Every solution must be one the server accepts, or the timing means nothing.
      if (!(await checkAltchaCode(run.payload))) throw new Error(`run ${i + 1}: the server refused the widget's code`);
      results.push(run);
      process.stderr.write(`  captcha run ${i + 1}/${runs}: ${Math.round(run.widgetMs)} ms (work ${Math.round(run.solveMs)} ms, counter ${run.counter})\n`);
    }
    const counters = stats(results.map((r) => r.counter));
    return {
      cost,
      runs,
      workers,
      widgetMs: stats(results.map((r) => r.widgetMs)),
      solveMs: stats(results.map((r) => r.solveMs)),
      counters: { median: counters.median, min: counters.min, max: counters.max },
      chromium: browser.version(),
      loadBefore: Math.round(loadBefore * 100) / 100,
      loadAfter: Math.round(os.loadavg()[0] * 100) / 100,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

/** The timing as lines for a report. */
export function formatCaptcha(t: CaptchaTiming): string[] {
  const mark = t.widgetMs.median <= CAPTCHA_AIM_MS ? '✓' : '✗';
  return [
    `Captcha proof of work — ALTCHA PBKDF2/SHA-256, CAPTCHA_COST ${t.cost}, ${t.runs} fresh challenges, headless Chromium ${t.chromium}, ${t.workers} workers:`,
    table(
      ['measure', 'median ms', 'p90 ms', 'min ms', 'max ms'],
      [
        ['until verified (widget)', String(t.widgetMs.median), String(t.widgetMs.p90), String(t.widgetMs.min), String(t.widgetMs.max)],
        ['proof of work (worker)', String(t.solveMs.median), String(t.solveMs.p90), String(t.solveMs.min), String(t.solveMs.max)],
      ],
    ),
    `  ${mark} median until verified ≤ ${CAPTCHA_AIM_MS} ms (counters ${t.counters.min}–${t.counters.max}, median ${t.counters.median}; load average ${t.loadBefore} before, ${t.loadAfter} after)`,
  ];
}

/**
 * Runs this bench in a child process (its own environment and module state, so the
 * caller's configuration is untouched) and returns its timing.
 */
export function runCaptchaBench(env: NodeJS.ProcessEnv = process.env): Promise<CaptchaTiming> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/captcha.ts'), '--json'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(JSON_MARK));
      if (code === 0 && line) resolve(JSON.parse(line.slice(JSON_MARK.length)) as CaptchaTiming);
      else reject(new Error(`the captcha bench exited with ${code}`));
    });
  });
}

async function main(): Promise<number> {
  const timing = await measureCaptcha();
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON_MARK}${JSON.stringify(timing)}\n`);
  } else {
    const cpus = os.cpus();
    process.stdout.write(
      ['', ...formatCaptcha(timing), '', `Machine: Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`].join('\n') + '\n',
    );
    process.stdout.write(`BENCH_JSON ${JSON.stringify({ date: new Date().toISOString(), captcha: timing })}\n`);
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`captcha bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
