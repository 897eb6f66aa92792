import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import { freshDatabase } from './fresh-database';
import { hostLine } from './host';
import { cpuSince, cpuTimes, freePort, launch, round, stop, table, type Child } from './lib';
import { idlePhase, idleTable, type IdleResult } from './ws-idle';
import { apiSender, atRate, close, flat, receivers, socketSender, warmUp, type Send } from './ws-measure';
import { progress, ROOT, seed, startApp } from './ws-lib';

// `npm run bench:ws` (needs `npm run build` first): N clients of one project in one team
// channel on the real server (production build). Messages are sent through the chats API
// (`POST chats/conversations/{id}/messages`) and through the sender's socket (`chat:send`),
// and arrive over every client's socket; beside them, a bare `ws` server that just
// rebroadcasts what it gets, measured in the same run with the same clients. Per N: a
// latency phase at BENCH_RATE messages/s, then full speed (messages acknowledged and
// deliveries per second), each with the server process's CPU time per message, in its own
// code and in the kernel (read from /proc, so Linux only). Then an idle phase: BENCH_IDLE
// sockets open on a fresh server, its resident memory per socket and its app:ping round
// trips. With BENCH_DATABASE_URL, also two instances on one database: messages sent to
// instance A, receivers on A and B. Env: BENCH_CLIENTS (default "100,1000"), BENCH_SECONDS
// (per phase, default 5), BENCH_RATE (messages/s of the latency phases, default 50),
// BENCH_WINDOW (messages in flight at full speed, default 8), BENCH_SEND (send paths,
// default "api,socket"; a server that answers "Unknown event" to chat:send gets a note
// instead of socket rows), BENCH_IDLE (idle sockets, default 5000; 0 skips the phase),
// BENCH_DATABASE_URL (a PostgreSQL server to use instead of the embedded database: each
// client count and the idle phase get a new database on it, dropped after),
// BENCH_APP_NODE_ARGS (extra Node options for the servers).

const CLIENTS = (process.env.BENCH_CLIENTS ?? '100,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8);
const SEND = (process.env.BENCH_SEND ?? 'api,socket').split(',').map((s) => s.trim());
const IDLE = Number(process.env.BENCH_IDLE ?? 5000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DATABASE = DATABASE_URL ? 'PostgreSQL' : 'embedded database';
/** Messages/s through the API before this round (docs/benchmarks.md, 140–210): the aim is 4× its top. */
const BEFORE_MSGS_PER_S = 210;

const BARE_WS_SERVER = `
const { WebSocketServer } = require('ws');
const wss = new WebSocketServer({ port: Number(process.env.PORT), host: '127.0.0.1' });
wss.on('connection', (ws) => {
  ws.send(JSON.stringify({ e: 'app:ready' }));
  ws.on('message', (data) => {
    const frame = JSON.stringify({ e: 'chat:message', d: { message: { body: data.toString() } } });
    for (const c of wss.clients) if (c.readyState === 1) c.send(frame);
  });
});
process.on('SIGTERM', () => process.exit(0));
`;

/** A data directory and, with BENCH_DATABASE_URL, a new database; `cleanup` removes both. */
async function freshData() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-ws-'));
  const database = DATABASE_URL ? await freshDatabase(DATABASE_URL) : undefined;
  return {
    dataDir,
    databaseUrl: database?.url,
    async cleanup() {
      await database?.drop().catch((error: unknown) => progress(`could not drop the bench database: ${String(error)}`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const notes = new Set<string>();
const UNKNOWN_SEND = 'The server answered "Unknown event" to chat:send (a build without the socket send path): no socket rows.';
const count = (n: number) => round(n, 0).toLocaleString('en-US');
const share = (n: number) => String(round(n, 3));
const ms = (n: number) => String(round(n, 2));
function noteFailures(what: string, f: { failed: number; firstError?: string }) {
  if (f.failed > 0) notes.add(`${what}: ${f.failed} sends failed (first: ${f.firstError})`);
}

type Path = { name: string; send: Send; close(): void };
type Cpu = ReturnType<typeof cpuTimes>;

/** Runs a phase and adds the CPU time the server process `pid` spent meanwhile. */
async function timed<T>(pid: number, phase: () => Promise<T>): Promise<T & { cpu: Cpu }> {
  const before = cpuTimes(pid);
  const result = await phase();
  return { ...result, cpu: cpuSince(pid, before) };
}

/** The tables' rows, added to by each client count. */
type Rows = { fanOut: string[][]; cluster: string[][]; cpu: string[][] };

/** The send paths of BENCH_SEND to the server on `port`, as the seeded sender; `slot` keeps socket senders' addresses apart. */
async function senders(port: number, conversationId: string, token: string, slot: number): Promise<Path[]> {
  const paths: Path[] = [];
  if (SEND.includes('api')) {
    const send = apiSender(port, conversationId, token);
    // Fail loudly before measuring if the API refuses.
    await send('warmup:0:api');
    paths.push({ name: 'API', send, close() {} });
  }
  if (SEND.includes('socket')) {
    const socket = await socketSender(port, conversationId, token, slot);
    if (socket) paths.push({ name: 'socket', ...socket });
    else notes.add(UNKNOWN_SEND);
  }
  return paths;
}

/** One client count: the fan-out rows, and the two-instance rows on PostgreSQL. */
async function fanOut(clients: number, rows: Rows) {
  const data = await freshData();
  // Instance B's own data directory, as each instance of a deployment has.
  const dataDirB = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-ws-b-'));
  const children: Child[] = [];
  try {
    progress(`${clients} clients: seeding…`);
    const seeded = await seed(data.dataDir, clients, data.databaseUrl);
    const a = await startApp('Atrio server A', data.dataDir, data.databaseUrl);
    children.push(a.child);
    const barePort = await freePort();
    const bareServer = launch('bare ws server', ['-e', BARE_WS_SERVER], { cwd: ROOT, env: { ...process.env, PORT: String(barePort) } });
    children.push(bareServer);

    const paths = await senders(a.port, seeded.conversationId, seeded.senderToken, 0);
    const url = (port: number) => (i: number) => `ws://127.0.0.1:${port}/ws/v1?token=${seeded.tokens[i]}&as=user`;
    type Measured = { name: string; rate: Awaited<ReturnType<typeof atRate>> & { cpu: Cpu }; full: Awaited<ReturnType<typeof flat>> & { cpu: Cpu } };
    const measured: Measured[] = [];
    progress(`${clients} clients: Atrio…`);
    const ours = await receivers(clients, url(a.port));
    for (const p of paths) {
      await warmUp([ours], p.send, RATE);
      const rate = await timed(a.child.proc.pid!, () => atRate([ours], p.send, RATE, SECONDS));
      const full = await timed(a.child.proc.pid!, () => flat(ours, p.send, WINDOW, SECONDS));
      noteFailures(`${clients} clients, ${p.name}`, { failed: rate.failed + full.failed, firstError: rate.firstError ?? full.firstError });
      measured.push({ name: `Atrio (${p.name})`, rate, full });
    }
    close(ours);

    progress(`${clients} clients: bare ws…`);
    await sleep(500);
    // No heartbeats: the bare server would rebroadcast them to every client.
    const plain = await receivers(clients, () => `ws://127.0.0.1:${barePort}`, 0, false);
    const sender = new WebSocket(`ws://127.0.0.1:${barePort}`);
    await new Promise((resolve) => sender.once('message', resolve));
    const viaWs: Send = async (body) => void sender.send(body);
    await warmUp([plain], viaWs, RATE);
    const barePid = bareServer.proc.pid!;
    const bare: Measured = {
      name: 'bare ws',
      rate: await timed(barePid, () => atRate([plain], viaWs, RATE, SECONDS)),
      full: await timed(barePid, () => flat(plain, viaWs, WINDOW, SECONDS)),
    };
    sender.terminate();
    close(plain);

    for (const m of [...measured, bare]) {
      const [g] = m.rate.groups;
      rows.fanOut.push([
        String(clients),
        m.name,
        `${RATE}/s`,
        count(g.deliveredPerS),
        share(g.share),
        String(g.p50),
        String(g.p99),
        count(m.full.ackedPerS),
        count(m.full.deliveredPerS),
        String(round(m.full.deliveredPerS / bare.full.deliveredPerS, 2)),
      ]);
      const per = (value: number, messages: number) => value / Math.max(1, messages);
      const total = (cpu: Cpu, messages: number) => per(cpu.user + cpu.system, messages);
      rows.cpu.push([
        String(clients),
        m.name,
        ms(per(m.rate.cpu.user, m.rate.sent)),
        ms(per(m.rate.cpu.system, m.rate.sent)),
        String(round(total(m.rate.cpu, m.rate.sent) / total(bare.rate.cpu, bare.rate.sent), 2)),
        ms(per(m.full.cpu.user, m.full.acked)),
        ms(per(m.full.cpu.system, m.full.acked)),
      ]);
    }

    if (data.databaseUrl) {
      progress(`${clients} clients: two instances…`);
      const b = await startApp('Atrio server B', dataDirB, data.databaseUrl);
      children.push(b.child);
      const half = Math.floor(clients / 2);
      const onA = await receivers(half, url(a.port));
      const onB = await receivers(clients - half, url(b.port), half);
      for (const p of paths) {
        await warmUp([onA, onB], p.send, RATE);
        const rate = await atRate([onA, onB], p.send, RATE, SECONDS);
        noteFailures(`${clients} clients, two instances, ${p.name}`, rate);
        rate.groups.forEach((g, i) =>
          rows.cluster.push([
            String(clients),
            p.name,
            i === 0 ? 'A (same)' : 'B (other)',
            String(i === 0 ? half : clients - half),
            share(g.share),
            String(g.p50),
            String(g.p99),
          ]),
        );
      }
      close(onA);
      close(onB);
    }
    for (const p of paths) p.close();
  } finally {
    await Promise.all(children.map((c) => stop(c).catch(() => undefined)));
    await data.cleanup();
    rmSync(dataDirB, { recursive: true, force: true });
  }
}

async function idle(): Promise<IdleResult> {
  const data = await freshData();
  try {
    return await idlePhase(IDLE, data.dataDir, data.databaseUrl);
  } finally {
    await data.cleanup();
  }
}

async function main() {
  const rows: Rows = { fanOut: [], cluster: [], cpu: [] };
  for (const clients of CLIENTS) await fanOut(clients, rows);
  const idleResult = IDLE > 0 ? await idle() : undefined;

  const out = [
    `Socket fan-out (${DATABASE}): latency send → every receiver (ms) at ${RATE} msg/s for ${SECONDS} s, then full speed with ${WINDOW} in flight (messages acknowledged/s, deliveries/s). ` +
      `Aims: p99 < 50 ms at 50 msg/s to 1,000 clients; messages acked/s >= ${4 * BEFORE_MSGS_PER_S} (4× the API's ${BEFORE_MSGS_PER_S}/s before)`,
    table(
      ['clients', 'server', 'offered', 'delivered/s', 'delivered share', 'p50', 'p99', 'full speed msgs/s', 'full speed delivered/s', '× bare'],
      rows.fanOut,
    ),
    `The server process's CPU per message sent (ms), in its own code (user) and in the kernel on its behalf (system: mostly the socket writes), from /proc; × bare compares the totals at ${RATE} msg/s`,
    table(['clients', 'server', `user at ${RATE}/s`, `system at ${RATE}/s`, '× bare', 'user at full speed', 'system at full speed'], rows.cpu),
  ];
  if (rows.cluster.length > 0)
    out.push(
      `Two instances on one PostgreSQL: every message sent to instance A at ${RATE} msg/s for ${SECONDS} s; latency send → receiver (ms), receivers split between A and B. Aim: cross-instance p99 < 100 ms`,
      table(['clients', 'send path', 'receivers on', 'sockets', 'delivered share', 'p50', 'p99'], rows.cluster),
    );
  if (idleResult) out.push(idleTable(idleResult, DATABASE));
  if (notes.size > 0) out.push([...notes].map((n) => `Note: ${n}`).join('\n'));
  out.push(hostLine());
  process.stdout.write(`\n${out.join('\n\n')}\n`);
}

await main();
