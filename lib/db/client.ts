import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { env } from '../env';
import { logger } from '../log/logger';
import { pgliteFeed, postgresFeed, trackWrites, type ChangeFeed } from './changes';
import { guardPglite, type EmbeddedFailure } from './pglite-guard';
import { parseOnce } from './pglite-parsers';
import { noteDirectRead } from './read-deps';
import * as schema from './schema';

export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;
export type DbKind = 'pglite' | 'postgres';
/** A transaction handle; services that must run inside a caller's transaction take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Handle = {
  db: Db;
  kind: DbKind;
  close: () => Promise<void>;
  /** The embedded database's fatal failure, once it had one; it then refuses every query. */
  failure: () => EmbeddedFailure | null;
  /** Row changes the database announces (opened on first use, closed with the handle). */
  changes: () => ChangeFeed;
};

// Next loads server modules twice (custom server and bundle); one handle per process
// lives on globalThis because two PGlite instances on one directory lose data.
const store = globalThis as unknown as { __atrioDb?: Handle };

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Closing twice (a test, then shutdown) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= close());
}

/** A change feed opened on first use; closing the handle closes it first. */
function lazyFeed(open: () => ChangeFeed) {
  let feed: ChangeFeed | undefined;
  return {
    changes: () => (feed ??= open()),
    /** The feed if it was opened (nothing caches without one). */
    opened: () => feed,
    close: async () => feed?.close(),
  };
}

// PostgreSQL's default of 128 MB of shared buffers, inside the server's own process, is most
// of an idle instance's memory once a busy day has filled it (about 140 MB more resident
// than this). The files behind them stay in the system's page cache, so a read past these
// buffers is a copy, not a disk seek.
const PGLITE_SHARED_BUFFERS = '32MB';

type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** Told once when the embedded database fails for good (see pglite-guard.ts). */
  onFatal?: (failure: EmbeddedFailure) => void;
};

// Every query a page render makes outside the callers' cache: its HTML is then not kept.
const DIRECT_READS = { logQuery: noteDirectRead };

export function openDb(options: OpenOptions): Handle {
  if (options.databaseUrl) {
    // A server that stops answering must fail the request (503), not hold it for ever.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server drops (restart, failover, admin command) emits here;
    // unheard, it would end the process. The pool replaces it on the next query.
    pool.on('error', (err) => logger.warn({ err: err.message }, 'idle database connection lost'));
    const db = drizzlePg(pool, { schema, logger: DIRECT_READS }) as unknown as Db;
    const feed = lazyFeed(() => postgresFeed(options.databaseUrl!, pool));
    // This instance's own writes hold its cache until their announcement is heard (changes.ts).
    pool.on('connect', (client) => trackWrites(client as never, (family) => feed.opened()?.fence?.(family)));
    // PostgreSQL survives its own failures; the pool reconnects once it is back.
    return {
      db,
      kind: 'postgres',
      close: once(async () => {
        await feed.close();
        await pool.end();
      }),
      failure: () => null,
      changes: feed.changes,
    };
  }
  const dir = pgliteDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  // A start that fails (an unwritable directory) surfaces through the first query; unheard
  // here, the rejection alone would end the process.
  client.waitReady.catch(() => {});
  parseOnce(client);
  const failure = guardPglite(client, (f) => {
    logger.error({ err: f.error }, 'embedded database failed; refusing queries until it is reopened');
    options.onFatal?.(f);
  });
  const db = drizzlePglite(client, { schema, logger: DIRECT_READS });
  const feed = lazyFeed(() => pgliteFeed(client));
  return {
    db,
    kind: 'pglite',
    close: once(async () => {
      await feed.close();
      await client.close();
    }),
    failure,
    changes: feed.changes,
  };
}

/** The process's handle (opened on first use); health reads its failure and kind from it. */
export function dbHandle(): Handle {
  if (!store.__atrioDb) {
    const e = env();
    store.__atrioDb = openDb({ databaseUrl: e.DATABASE_URL, dataDir: e.dataDir });
  }
  return store.__atrioDb;
}

/** The process's handle when `db` is its database (not a transaction, not another handle's). */
export function handleOf(db: unknown): Handle | null {
  const current = store.__atrioDb;
  return current && current.db === db ? current : null;
}

export function getDb(): Db {
  return dbHandle().db;
}

export function dbKind(): DbKind {
  return dbHandle().kind;
}

export async function closeDb(): Promise<void> {
  const current = store.__atrioDb;
  store.__atrioDb = undefined;
  await current?.close();
}

/** Lets tests and scripts install a handle they opened themselves. */
export function setDbHandle(h: Handle | undefined): void {
  store.__atrioDb = h;
}
