import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';

// Helpers for bench/public.ts: ports, child servers, autocannon runs, script sizes, tables.

export { freePort } from '../scripts/free-port';

/** Baseline 1: the smallest useful Node HTTP server, run in its own process like the app. */
export const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ ok: true });
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => { server.close(() => process.exit(0)); server.closeAllConnections(); });
`;

/** Baseline 2: the smallest accessible static page, from a bare Node server (browser benches). */
export const STATIC_PAGE_SERVER = `
const http = require('node:http');
const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Baseline</title><meta name="description" content="Baseline page"></head><body><main><h1>Baseline</h1><p>The smallest accessible page.</p></main></body></html>';
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(html); })
  .listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<void>;
  /** The last lines of stderr and of JSON log lines on stdout, for error messages. */
  tail(): string;
}

export function launch(name: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Child {
  const proc = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer, stdout: boolean) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      // stdout also carries the seeded demo logins: keep only log lines from it.
      if (!line.trim() || (stdout && !line.startsWith('{'))) continue;
      lines.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (lines.length > 30) lines.shift();
    }
  };
  proc.stdout?.on('data', (chunk: Buffer) => keep(chunk, true));
  proc.stderr?.on('data', (chunk: Buffer) => keep(chunk, false));
  const exited = new Promise<void>((resolve) => {
    proc.once('exit', () => resolve());
    proc.once('error', (error) => {
      lines.push(`spawn error: ${error.message}`);
      resolve();
    });
  });
  return { name, proc, exited, tail: () => lines.join('\n') };
}

export function isRunning(child: Child): boolean {
  return child.proc.exitCode === null && child.proc.signalCode === null && child.proc.pid !== undefined;
}

/** SIGTERM, wait up to 10 s for the exit, then SIGKILL. */
export async function stop(child: Child): Promise<void> {
  if (!isRunning(child)) return;
  child.proc.kill('SIGTERM');
  const done = await Promise.race([child.exited.then(() => true), sleep(10_000, false)]);
  if (done || !isRunning(child)) return;
  process.stderr.write(`${child.name} did not stop within 10 s; sending SIGKILL\n`);
  child.proc.kill('SIGKILL');
  await Promise.race([child.exited, sleep(5_000)]);
}

/**
 * GET on a fresh connection (no keep-alive pool: a pooled socket the server closed while
 * autocannon ran would fail the next request), with a time limit; the body is read fully.
 */
export function get(url: string, timeoutMs = 15_000, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; type: string }> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(new Error(`GET ${url}: ${error.message}`));
    };
    const req = request(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), type: String(res.headers['content-type'] ?? '') });
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no complete answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('error', fail);
    req.end();
  });
}

/** Polls url until it answers 2xx, the child exits, or timeoutMs passes. */
export async function waitForOk(url: string, child: Child, timeoutMs: number): Promise<Buffer> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isRunning(child)) {
      throw new Error(`${child.name} exited (code ${child.proc.exitCode ?? child.proc.signalCode}) before it was ready:\n${child.tail()}`);
    }
    try {
      const { status, body } = await get(url, 2_000);
      if (status >= 200 && status < 300) return body;
      last = `HTTP ${status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s (last: ${last})\n${child.tail()}`);
}

let running: { stop(): void } | undefined;

/** Stops the autocannon run in progress, if any (on SIGINT). */
export function stopLoad(): void {
  running?.stop();
}

/** One autocannon run; stopped and rejected if it overruns its duration by 30 s. */
export async function load(url: string, durationS: number, connections: number, headers?: Record<string, string>): Promise<Result> {
  const instance = autocannon({ url, duration: durationS, connections, timeout: 10, headers });
  running = instance;
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        instance.stop();
        reject(new Error(`autocannon overran its ${durationS} s run on ${url}`));
      },
      (durationS + 30) * 1000,
    );
  });
  try {
    return await Promise.race([instance, guard]);
  } finally {
    clearTimeout(timer);
    running = undefined;
  }
}

export interface Measured {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** More than half of the attempts were errors or non-2xx answers (or none were made). */
  mostlyFailed: boolean;
}

export function summarise(result: Result): Measured {
  const ok = result['2xx'];
  const failed = result.non2xx + result.errors;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    mostlyFailed: ok + failed === 0 || failed / (ok + failed) > 0.5,
  };
}

/**
 * Same-origin `/_next/...` script URLs of an HTML page, in order, without duplicates.
 * `nomodule` scripts (legacy polyfills) are left out: browsers with modules never load them.
 */
export function scriptUrls(html: string, origin: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>/gi)) {
    if (/\snomodule\b/i.test(match[0])) continue;
    const src = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&');
    const url = new URL(src, origin);
    if (url.origin === origin && url.pathname.startsWith('/_next/')) urls.add(url.href);
  }
  return [...urls];
}

export interface FirstLoad {
  scripts: number;
  rawBytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a first visit to the page downloads, gzipped per file (default level);
 * `cookie` visits it signed in.
 */
export async function firstLoadJs(origin: string, pagePath: string, cookie?: string): Promise<FirstLoad> {
  const page = await get(origin + pagePath, 15_000, cookie ? { cookie } : {});
  if (page.status !== 200) throw new Error(`GET ${pagePath} answered ${page.status}`);
  const urls = scriptUrls(page.body.toString('utf8'), origin);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const url of urls) {
    const script = await get(url);
    if (script.status !== 200) throw new Error(`GET ${url} answered ${script.status}`);
    rawBytes += script.body.length;
    gzipBytes += gzipSync(script.body).length;
  }
  return { scripts: urls.length, rawBytes, gzipBytes };
}

/** A plain text table; columns after the first are right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((row) => [...(row[i] ?? '')].length)));
  const pad = (cell: string, i: number) => {
    const gap = ' '.repeat(widths[i] - [...cell].length);
    return i === 0 ? cell + gap : gap + cell;
  };
  const line = (row: string[]) => row.map(pad).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** Resident memory (MB) of a process and everything it started, from /proc (Linux). */
export function treeRssMb(pid: number): number {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  let kb = 0;
  const visit = (p: number) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return;
    }
    for (const child of parents.get(p) ?? []) visit(child);
  };
  visit(pid);
  return kb / 1024;
}

const TICKS_PER_S = 100; // Linux's USER_HZ

/** A process's CPU time so far (ms), in its own code (user) and in the kernel on its behalf (system), from /proc (Linux). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // As in treeRssMb: the fields after the command name's last ')' are fixed; utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: (Number(fields[11]) * 1000) / TICKS_PER_S, system: (Number(fields[12]) * 1000) / TICKS_PER_S };
}

/** What the process's CPU time grew by since `before` (from cpuTimes). */
export function cpuSince(pid: number, before: { user: number; system: number }): { user: number; system: number } {
  const now = cpuTimes(pid);
  return { user: now.user - before.user, system: now.system - before.system };
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Extra Node options for the server under test, e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=<folder>" to profile it under the load. */
export function appNodeArgs(): string[] {
  return (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
}
