import { readFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { createSession } from '../lib/auth/sessions';
import { hashToken, newRefreshToken } from '../lib/auth/refresh-token';
import { signAccessToken, verifyAccessToken } from '../lib/auth/tokens';
import { sessions } from '../lib/auth/tables';
import { chatConversations } from '../lib/chats/tables';
import { openDb } from '../lib/db/client';
import { PING_INTERVAL_MS } from '../lib/realtime/protocol';
import { migrate } from '../lib/db/migrate';
import { membershipProfiles, memberships, profiles, projects } from '../lib/projects/tables';
import { users } from '../lib/users/tables';
import { appNodeArgs, freePort, launch, waitForOk, type Child } from './lib';
import { SERVER_ENTRY } from '../scripts/build-state.mjs';

// Shared by bench/ws.ts and its phases: seeding, the server, its memory, opening sockets.

export const ROOT = path.resolve(import.meta.dirname, '..');
export const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
export const progress = (text: string) => process.stderr.write(`${text}\n`);

export type Seeded = { tokens: string[]; senderToken: string; conversationId: string };

const BATCH = 1000;
async function inBatches<T, R>(items: T[], work: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await work(items.slice(i, i + BATCH))));
  return out;
}

/**
 * One project, its staff (all with CHATS__TEAM), one public channel; a session and an
 * access token for each. The sender's session is made by createSession; the others are
 * inserted a thousand at a time and their tokens signed with the sender's claims but their
 * own user and session (one at a time, 5,000 sessions took most of a minute).
 */
export async function seed(dataDir: string, clients: number, databaseUrl?: string): Promise<Seeded> {
  process.env.AUTH_SECRET = SECRET;
  const handle = openDb({ dataDir, databaseUrl });
  await migrate(handle.db, handle.kind);
  const db = handle.db;
  const [project] = await db.insert(projects).values({ key: 'bench', name: 'Bench', status: 1 }).returning();
  const [profile] = await db
    .insert(profiles)
    .values({ projectId: project.id, name: 'Staff', permissions: ['CHATS__TEAM'] })
    .returning();
  const people = Array.from({ length: clients + 1 }, (_, i) => ({ email: `u${i}@bench.test`, name: `User ${i}`, status: 1 }));
  const rows = await inBatches(people, (batch) => db.insert(users).values(batch).returning({ id: users.id }));
  const ms = await inBatches(rows, (batch) =>
    db
      .insert(memberships)
      .values(batch.map((u) => ({ projectId: project.id, userId: u.id })))
      .returning({ id: memberships.id }),
  );
  await inBatches(ms, (batch) =>
    db
      .insert(membershipProfiles)
      .values(batch.map((m) => ({ membershipId: m.id, profileId: profile.id })))
      .returning({ id: membershipProfiles.membershipId }),
  );
  const [channel] = await db.insert(chatConversations).values({ projectId: project.id, kind: 'channel', name: 'general', createdBy: rows[0].id }).returning();

  const senderToken = (await createSession(db, rows[0].id, { userAgent: 'bench', ip: '127.0.0.1' })).tokens.accessToken;
  const template = await verifyAccessToken(senderToken);
  if (!template) throw new Error('seed: the sender token does not verify');
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  const tokens = await inBatches(rows.slice(1), async (batch) => {
    const values = batch.map((u) => {
      const id = crypto.randomUUID();
      return {
        id,
        userId: u.id,
        refreshTokenHash: hashToken(newRefreshToken(id)),
        projectId: project.id,
        profileId: profile.id,
        userAgent: 'bench',
        ip: '127.0.0.1',
        expiresAt,
      };
    });
    await db.insert(sessions).values(values);
    return Promise.all(values.map((s) => signAccessToken({ ...template, sub: s.userId, sid: s.id })));
  });
  await handle.close();
  return { tokens, senderToken, conversationId: channel.id };
}

/** The production server on a free port, on `dataDir` (embedded) or `databaseUrl`; resolves once healthy. */
export async function startApp(name: string, dataDir: string, databaseUrl: string | undefined): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_SECRET: SECRET,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    // One sender posts hundreds of messages a second here; the per-user and per-socket limits would stop it.
    CHAT_MESSAGES_PER_MINUTE: '1000000',
    SOCKET_MESSAGES_PER_10S: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.PUBLIC_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = launch(name, [...appNodeArgs(), SERVER_ENTRY], { cwd: ROOT, env });
  await waitForOk(`http://127.0.0.1:${port}/api/health`, child, 180_000);
  return { child, port };
}

/** Resident memory of one process in MB (VmRSS, Linux). */
export function rssMb(pid: number | undefined): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export type Frame = { __ts?: string | number; e?: string; d?: { message?: { body?: string } }; error?: { message: string } };

/** Socket i's own loopback address (all of 127/8 is local), as many people would each have one: the server allows 50 sockets per address. */
export const localAddress = (i: number) => `127.0.${Math.floor(i / 250) + 1}.${(i % 250) + 1}`;

/**
 * The heartbeat the browser client keeps, each socket at its own moment: the server drops a
 * socket silent for two intervals, and a receiver only listens.
 */
function keepAlive(ws: WebSocket) {
  let interval: NodeJS.Timeout | undefined;
  const beat = () => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ __ts: 'keepalive', e: 'app:ping' }));
  const first = setTimeout(() => {
    beat();
    interval = setInterval(beat, PING_INTERVAL_MS).unref();
  }, Math.random() * PING_INTERVAL_MS).unref();
  ws.once('close', () => {
    clearTimeout(first);
    clearInterval(interval);
  });
}

export const parseFrame = (data: Buffer) => JSON.parse(data.toString()) as Frame;

/**
 * Opens `count` sockets, numbered from `first` (which picks their addresses), 50 at a time:
 * opening thousands at once only measures the accept queue. Each resolves on app:ready;
 * `onFrame` gets every frame after it, as received (`parseFrame` reads one): a thousand
 * receivers share one core with the sender, so what they do per frame is kept small. Each
 * keeps a heartbeat as the browser does, unless `keepalive` is false (the bare server would
 * rebroadcast it).
 */
export async function openSockets(
  count: number,
  url: (i: number) => string,
  onFrame: (i: number, data: Buffer) => void,
  first = 0,
  keepalive = true,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  let opening: Promise<void>[] = [];
  for (let i = first; i < first + count; i += 1) {
    // Loopback servers of this bench only: the clients skip checking that text is UTF-8.
    const ws = new WebSocket(url(i), { localAddress: localAddress(i), skipUTF8Validation: true });
    sockets.push(ws);
    opening.push(
      new Promise((resolve, reject) => {
        ws.on('error', reject);
        ws.once('close', (code, reason) => reject(new Error(`socket ${i} closed before it was ready: ${code} ${reason.toString()}`)));
        let ready = false;
        ws.on('message', (data: Buffer) => {
          if (ready) return onFrame(i, data);
          if (parseFrame(data).e === 'app:ready') {
            ready = true;
            if (keepalive) keepAlive(ws);
            resolve();
          }
        });
      }),
    );
    if (opening.length === 50) {
      await Promise.all(opening);
      opening = [];
    }
  }
  await Promise.all(opening);
  return sockets;
}
