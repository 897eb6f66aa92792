import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { createSession } from '../lib/auth/sessions';
import { chatConversations } from '../lib/chats/tables';
import { openDb } from '../lib/db/client';
import { migrate } from '../lib/db/migrate';
import { membershipProfiles, memberships, profiles, projects } from '../lib/projects/tables';
import { users } from '../lib/users/tables';
import { freePort, launch, round, stop, table, waitForOk, type Child } from './lib';
import { SERVER_ENTRY } from '../scripts/build-state.mjs';

// `npm run bench:ws`: N clients of one project in one team channel. Messages are posted
// through the chats API of the real server (production build, embedded database) and
// arrive over its sockets; beside it, a bare `ws` server that just rebroadcasts what it
// gets, measured in the same run with the same clients. Needs `npm run build` first.
// Env: BENCH_CLIENTS (default "100,1000"), BENCH_SECONDS (per phase, default 5),
// BENCH_RATE (messages/s of the latency phase, default 50), BENCH_WINDOW (messages in
// flight in the throughput phase, default 8), BENCH_DATABASE_URL (a PostgreSQL server to
// use instead of the embedded database; a fresh database is created on it for each run).

const ROOT = path.resolve(import.meta.dirname, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const CLIENTS = (process.env.BENCH_CLIENTS ?? '100,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 8);
const progress = (text: string) => process.stderr.write(`${text}\n`);

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

type Seeded = { tokens: string[]; senderToken: string; conversationId: string };

/** One project, its staff (all with CHATS__TEAM), one public channel; tokens for all. */
async function seed(dataDir: string, clients: number, databaseUrl?: string): Promise<Seeded> {
  process.env.AUTH_SECRET = SECRET;
  const handle = openDb({ dataDir, databaseUrl });
  await migrate(handle.db, handle.kind);
  const db = handle.db;
  const [project] = await db.insert(projects).values({ key: 'bench', name: 'Bench', status: 1 }).returning();
  const [profile] = await db
    .insert(profiles)
    .values({ projectId: project.id, name: 'Staff', permissions: ['CHATS__TEAM'] })
    .returning();
  const rows = await db
    .insert(users)
    .values(Array.from({ length: clients + 1 }, (_, i) => ({ email: `u${i}@bench.test`, name: `User ${i}`, status: 1 })))
    .returning({ id: users.id });
  const ms = await db
    .insert(memberships)
    .values(rows.map((u) => ({ projectId: project.id, userId: u.id })))
    .returning({ id: memberships.id });
  await db.insert(membershipProfiles).values(ms.map((m) => ({ membershipId: m.id, profileId: profile.id })));
  const [channel] = await db.insert(chatConversations).values({ projectId: project.id, kind: 'channel', name: 'general', createdBy: rows[0].id }).returning();
  const tokens: string[] = [];
  for (const u of rows) tokens.push((await createSession(db, u.id, { userAgent: 'bench', ip: '127.0.0.1' })).tokens.accessToken);
  await handle.close();
  return { tokens: tokens.slice(1), senderToken: tokens[0], conversationId: channel.id };
}

/** With BENCH_DATABASE_URL: a new database on that server (dropped with the server's data at the end is left to the caller). */
async function freshDatabase(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return undefined;
  const name = `atrio_bench_${Date.now().toString(36)}`;
  const admin = openDb({ databaseUrl: url, dataDir: os.tmpdir() });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  const scoped = new URL(url);
  scoped.pathname = `/${name}`;
  return scoped.toString();
}

type Receivers = { sockets: WebSocket[]; latencies: number[]; delivered: number; own: Map<string, () => void> };

/** Opens the clients; each records the latency of every message it receives (the body carries the send time). */
async function connect(url: (i: number) => string, count: number): Promise<Receivers> {
  const r: Receivers = { sockets: [], latencies: [], delivered: 0, own: new Map() };
  const opening: Promise<void>[] = [];
  for (let i = 0; i < count; i += 1) {
    // Each client from a loopback address of its own (all of 127/8 is local), as many
    // people would be: the server allows only 50 sockets per address.
    const ws = new WebSocket(url(i), { localAddress: `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}` });
    r.sockets.push(ws);
    opening.push(
      new Promise((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as { e?: string; d?: { message?: { body?: string } } };
          if (frame.e === 'app:ready') return resolve();
          if (frame.e !== 'chat:message') return;
          const body = frame.d?.message?.body ?? '';
          const [, sent, id] = body.split(':');
          r.delivered += 1;
          r.latencies.push(Date.now() - Number(sent));
          // The first receiver stands for "the message went out": it frees a window slot.
          if (i === 0) r.own.get(id)?.();
        });
      }),
    );
    // Opening a thousand sockets at once only measures the accept queue.
    if (i % 50 === 49) await Promise.all(opening.slice(-50));
  }
  await Promise.all(opening);
  return r;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

type Send = (body: string) => Promise<void>;

/** Fixed rate: RATE messages/s for SECONDS; the latency of every delivery. */
async function atRate(r: Receivers, send: Send) {
  r.latencies = [];
  r.delivered = 0;
  const total = Math.round(RATE * SECONDS);
  const started = Date.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    sends.push(send(`bench:${Date.now()}:r${i}`).catch(() => {}));
  }
  await Promise.all(sends);
  await sleep(1000);
  return {
    sent: total,
    deliveredPerS: r.delivered / SECONDS,
    p50: percentile(r.latencies, 50),
    p99: percentile(r.latencies, 99),
    expected: total * r.sockets.length,
  };
}

/** As fast as it goes with WINDOW messages in flight: deliveries per second. */
async function flat(r: Receivers, send: Send) {
  r.latencies = [];
  r.delivered = 0;
  const started = Date.now();
  let sent = 0;
  const worker = async () => {
    while (Date.now() - started < SECONDS * 1000) {
      const id = `f${(sent += 1)}`;
      const done = new Promise<void>((resolve) => r.own.set(id, resolve));
      await send(`bench:${Date.now()}:${id}`).catch(() => {});
      await Promise.race([done, sleep(5000)]);
      r.own.delete(id);
    }
  };
  await Promise.all(Array.from({ length: WINDOW }, worker));
  const elapsed = (Date.now() - started) / 1000;
  return { sent, deliveredPerS: r.delivered / elapsed, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99) };
}

function close(r: Receivers) {
  for (const ws of r.sockets) ws.terminate();
}

async function main() {
  const rows: string[][] = [];
  for (const clients of CLIENTS) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrio-bench-ws-'));
    const children: Child[] = [];
    try {
      progress(`${clients} clients: seeding…`);
      const databaseUrl = await freshDatabase();
      const seeded = await seed(dataDir, clients, databaseUrl);
      const appPort = await freePort();
      const barePort = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        AUTH_SECRET: SECRET,
        DEMO_DATA: '0',
        LOG_LEVEL: 'warn',
        // One sender posts hundreds of messages a second here; the per-user limit would stop it.
        CHAT_MESSAGES_PER_MINUTE: '1000000',
      };
      delete env.DATABASE_URL;
      delete env.PUBLIC_URL;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      // e.g. BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under this load.
      const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
      const app = launch('Atrio server', [...nodeArgs, SERVER_ENTRY], { cwd: ROOT, env });
      const bare = launch('bare ws server', ['-e', BARE_WS_SERVER], { cwd: ROOT, env: { ...process.env, PORT: String(barePort) } });
      children.push(app, bare);
      await waitForOk(`http://127.0.0.1:${appPort}/api/health`, app, 180_000);

      const postUrl = `http://127.0.0.1:${appPort}/api/chats/conversations/${seeded.conversationId}/messages`;
      const viaApi: Send = async (body) => {
        // Text only, as the composer sends a message without files.
        const res = await fetch(postUrl, {
          method: 'POST',
          body: JSON.stringify({ body }),
          headers: { authorization: `Bearer ${seeded.senderToken}`, 'content-type': 'application/json' },
        });
        if (res.status !== 201) throw new Error(`post: ${res.status} ${await res.text()}`);
      };
      // Fail loudly before measuring if the API refuses.
      await viaApi('bench:0:warmup');

      progress(`${clients} clients: Atrio…`);
      const ours = await connect((i) => `ws://127.0.0.1:${appPort}/ws/v1?token=${seeded.tokens[i]}&as=user`, clients);
      const oursRate = await atRate(ours, viaApi);
      const oursFlat = await flat(ours, viaApi);
      close(ours);

      progress(`${clients} clients: bare ws…`);
      await sleep(500);
      const plain = await connect(() => `ws://127.0.0.1:${barePort}`, clients);
      const sender = new WebSocket(`ws://127.0.0.1:${barePort}`);
      await new Promise((resolve) => sender.once('message', resolve));
      const viaWs: Send = async (body) => void sender.send(body);
      const bareRate = await atRate(plain, viaWs);
      const bareFlat = await flat(plain, viaWs);
      sender.terminate();
      close(plain);

      rows.push(
        [
          String(clients),
          'Atrio',
          `${RATE}/s`,
          round(oursRate.deliveredPerS, 0).toString(),
          `${round((oursRate.deliveredPerS * SECONDS) / oursRate.expected, 3)}`,
          `${oursRate.p50}`,
          `${oursRate.p99}`,
          round(oursFlat.deliveredPerS, 0).toString(),
          round(oursFlat.deliveredPerS / bareFlat.deliveredPerS, 2).toString(),
        ],
        [
          String(clients),
          'bare ws',
          `${RATE}/s`,
          round(bareRate.deliveredPerS, 0).toString(),
          `${round((bareRate.deliveredPerS * SECONDS) / bareRate.expected, 3)}`,
          `${bareRate.p50}`,
          `${bareRate.p99}`,
          round(bareFlat.deliveredPerS, 0).toString(),
          '1',
        ],
      );
    } finally {
      await Promise.all(children.map((c) => stop(c).catch(() => undefined)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  process.stdout.write(
    `\nSocket fan-out (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded database'}), ${SECONDS} s per phase, ${WINDOW} messages in flight at full speed (latency in ms, send → every receiver)\n\n` +
      table(['clients', 'server', 'offered', 'delivered/s', 'delivered share', 'p50', 'p99', 'full speed delivered/s', '× bare'], rows) +
      '\n',
  );
}

await main();
