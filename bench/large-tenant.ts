import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { ensureBuild, startAppServer } from './app-server';
import { openDb } from '../lib/db/client';
import { freshDatabase } from './fresh-database';
import { get, load, round, stop, summarise, table, type Child } from './lib';
import { LARGE, seedLargeTenant, type LargeTenant } from './large-seed';
import { seedSignedIn } from './signed-in';

// `npm run bench:large`: the main list and detail calls and signed-in pages of a large
// tenant (see large-seed.ts), one connection at a time, each against a bare select of the
// rows it shows run on the same database in the same run. The aim: every list call's p99
// at most 100 ms and at most 10× its bare select. With BENCH_EXPLAIN=1 the bare selects'
// plans are printed too.

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const BARE_RUNS = 200;
const progress = (line: string) => process.stdout.write(`${line}\n`);

type Target = { name: string; url: (t: LargeTenant) => string; bare: (t: LargeTenant, ownerId: string) => SQL; list: boolean };

const today = new Date().toISOString().slice(0, 10);
const TARGETS: Target[] = [
  {
    name: 'GET /api/requests',
    url: () => '/api/requests',
    bare: (t) => sql`select * from requests where project_id = ${t.projectId} order by updated_at desc limit 50`,
    list: true,
  },
  {
    name: 'GET /api/requests/[id]',
    url: (t) => `/api/requests/${t.requestId}`,
    bare: (t) => sql`select * from requests r join request_messages m on m.request_id = r.id where r.id = ${t.requestId}`,
    list: false,
  },
  {
    name: 'GET /api/chats/conversations',
    url: () => '/api/chats/conversations?kind=team',
    bare: (t) => sql`select * from chat_conversations where project_id = ${t.projectId} and kind <> 'support' order by last_message_seq desc limit 50`,
    list: true,
  },
  {
    name: 'GET /api/chats/conversations/[id]/messages',
    url: (t) => `/api/chats/conversations/${t.conversationId}/messages`,
    bare: (t) => sql`select * from chat_messages where conversation_id = ${t.conversationId} order by seq desc limit 50`,
    list: true,
  },
  {
    name: 'GET /api/chats/unread',
    url: () => '/api/chats/unread',
    bare: (t, ownerId) =>
      sql`select m.conversation_id, count(*) from chat_messages m left join chat_reads r on r.conversation_id = m.conversation_id and r.user_id = ${ownerId}
          where m.project_id = ${t.projectId} and m.seq > coalesce(r.last_read_seq, 0) group by m.conversation_id`,
    list: true,
  },
  {
    name: 'GET /api/invoices',
    url: () => '/api/invoices',
    bare: (t) => sql`select * from invoices where project_id = ${t.projectId} order by created_at desc limit 50`,
    list: true,
  },
  {
    name: 'GET /api/invoices/[id]',
    url: (t) => `/api/invoices/${t.invoiceId}`,
    bare: (t) => sql`select * from invoices i left join invoice_payments p on p.invoice_id = i.id where i.id = ${t.invoiceId}`,
    list: false,
  },
  {
    name: 'GET /api/boards/[id]',
    url: (t) => `/api/boards/${t.boardId}`,
    bare: (t) => sql`select * from board_cards where board_id = ${t.boardId} and archived_at is null order by column_id, rank`,
    list: true,
  },
  {
    name: 'GET /api/users',
    url: () => '/api/users',
    bare: (t) => sql`select * from memberships m join users u on u.id = m.user_id where m.project_id = ${t.projectId} order by u.name limit 50`,
    list: true,
  },
  {
    name: 'GET /api/eventlogs/days/[today]/events',
    url: () => `/api/eventlogs/days/${today}/events`,
    bare: (t) => sql`select * from event_logs where project_id = ${t.projectId} and at >= ${today}::date order by at desc limit 50`,
    list: true,
  },
  { name: '/dashboard', url: () => '/dashboard', bare: (t) => sql`select * from projects where id = ${t.projectId}`, list: false },
  { name: '/dashboard/requests', url: () => '/dashboard/requests', bare: (t) => TARGETS[0].bare(t, ''), list: false },
  { name: '/dashboard/chats', url: () => '/dashboard/chats', bare: (t) => TARGETS[2].bare(t, ''), list: false },
  { name: '/dashboard/boards/[id]', url: (t) => `/dashboard/boards/${t.boardId}`, bare: (t) => TARGETS[7].bare(t, ''), list: false },
  { name: '/dashboard/users', url: () => '/dashboard/users', bare: (t) => TARGETS[8].bare(t, ''), list: false },
];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

/** p50 and p99 of a bare select, one at a time, in this process. */
async function bareTimes(db: ReturnType<typeof openDb>['db'], query: SQL): Promise<{ p50: number; p99: number }> {
  await db.execute(query);
  const times: number[] = [];
  for (let i = 0; i < BARE_RUNS; i++) {
    const started = performance.now();
    await db.execute(query);
    times.push(performance.now() - started);
  }
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)) };
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
    progress(`Database: ${database ? 'PostgreSQL' : 'embedded (PGlite)'}. Seeding the large tenant…`);
    // The embedded database admits one process at a time: seed and bare selects before the server.
    const handle = openDb({ dataDir, databaseUrl: database?.url });
    const bare = new Map<string, { p50: number; p99: number }>();
    let tenant: LargeTenant;
    try {
      tenant = await seedLargeTenant(handle.db, seeded.projectId, seeded.boardId, progress);
      progress(`Bare selects, ${BARE_RUNS} runs each…`);
      for (const t of TARGETS) {
        bare.set(t.name, await bareTimes(handle.db, t.bare(tenant, seeded.ownerId)));
        if (process.env.BENCH_EXPLAIN === '1') {
          const plan = (await handle.db.execute(sql`explain analyze ${t.bare(tenant, seeded.ownerId)}`)) as unknown as { rows: Record<string, string>[] };
          progress(`${t.name}\n${plan.rows.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
        }
      }
    } finally {
      await handle.close();
    }

    const started = await startAppServer(dataDir, database?.url);
    app = started.app;
    const origin = started.origin;
    const headers = { cookie: seeded.owner };
    const rows: string[][] = [];
    for (const t of TARGETS) {
      const url = origin + t.url(tenant);
      const first = await get(url, 60_000, headers);
      if (first.status !== 200) throw new Error(`${t.name} answered ${first.status}: ${first.body.toString().slice(0, 200)}`);
      progress(`${t.name}: ${DURATION} s at one connection…`);
      const m = summarise(await load(url, DURATION, 1, headers));
      const b = bare.get(t.name)!;
      const ratio = m.p99Ms / Math.max(b.p99, 0.01);
      const meets = !t.list || (m.p99Ms <= 100 && ratio <= 10);
      rows.push([
        t.name,
        String(round(m.reqPerSec, 0)),
        String(m.p50Ms),
        String(m.p99Ms),
        String(b.p99),
        String(round(ratio, 1)),
        `${(first.body.length / 1024).toFixed(1)}`,
        t.list ? (meets ? 'yes' : 'NO') : '',
      ]);
    }
    progress('');
    progress(
      `Large tenant: ${LARGE.projects} projects; one with ${LARGE.members} members, ${LARGE.conversations} channels, ${LARGE.messages.toLocaleString('en')} messages, ` +
        `${LARGE.requests.toLocaleString('en')} requests, ${LARGE.cards.toLocaleString('en')} cards, ${LARGE.invoices.toLocaleString('en')} invoices, ${LARGE.eventLogs.toLocaleString('en')} event-log rows.`,
    );
    progress(table(['target (one connection)', 'req/s', 'p50 ms', 'p99 ms', 'bare p99 ms', 'p99 × bare', 'kB', 'list aim met'], rows));
    return 0;
  } finally {
    if (app) await stop(app);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exit(await main());
