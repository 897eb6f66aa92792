import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { logger } from '../log/logger';
import { listeners } from '../ops/listeners';
import { listenChannel } from './listen';
import { createSyncPoint } from './sync-point';
import { errorText } from '../log/error-text';

/** The channel the database's own triggers announce row changes on (migration 0020). */
export const CALLERS_CHANNEL = 'atrio_callers';

/**
 * Changes the database announces at commit. Whoever caches what those rows say may trust
 * the cache only while `live()`: when the feed drops, changes may go unheard, and each
 * reset (the feed back, or first up) must drop everything cached before it.
 */
/**
 * What a cached value was read from: who callers are (users, sessions, projects, profiles,
 * memberships), a project's data (the dashboard home's tables, migration 0025, and its
 * boards, 0028) or its chats (migration 0027). A write to one family holds only the reads of that family until it is announced.
 */
export const FEED_FAMILIES = ['callers', 'data', 'chats'] as const;
export type FeedFamily = (typeof FEED_FAMILIES)[number];

export type ChangeFeed = {
  live(family?: FeedFamily): boolean;
  /** This instance just committed a write of `family` the feed will announce: not live for that family until it has. */
  fence?(family?: FeedFamily): void;
  /**
   * Null when every change committed before `since` (a `performance.now()` of this process)
   * has been heard, else a promise of when it will have been; it rejects if that cannot be
   * known (the feed dropped). Absent where changes are heard as they commit.
   */
  synced?(since: number): Promise<void> | null;
  subscribe(listener: (payload: string) => void): () => void;
  onReset(listener: () => void): () => void;
  close(): Promise<void>;
};

/**
 * The embedded database delivers its notifications inside the query that commits, before
 * that query's promise resolves: a change is heard before its writer answers anyone.
 */
export function pgliteFeed(client: PGlite): ChangeFeed {
  const payloads = listeners<[string]>();
  const resets = listeners<[]>();
  let live = false;
  let closed = false;
  const unlisten = client
    .listen(CALLERS_CHANNEL, (payload) => payloads.emit(payload))
    .then((stop) => {
      if (closed) return void stop();
      live = true;
      resets.emit();
      return stop;
    })
    .catch((error: unknown) => {
      logger.warn({ err: errorText(error) }, 'change feed unavailable: callers are read from the database');
      return undefined;
    });
  return {
    live: () => live,
    subscribe: payloads.add,
    onReset: resets.add,
    async close() {
      closed = true;
      live = false;
      await (await unlisten)?.().catch(() => {});
    },
  };
}

/**
 * PostgreSQL: a LISTEN connection of the instance's own, so every instance hears every
 * commit. Notifications arrive a moment after the commit; for this instance's own writes
 * that moment is closed: each write (seen by `trackWrites`) fences the feed with a
 * notification of its own, sent after the commit, and the feed counts as not live until
 * that one is heard, by which time (notifications arrive in commit order) so is the
 * write's. Meanwhile reads go to the database. Other instances' writes are closed by
 * `synced` (sync-point.ts): a cached answer waits for a marker sent after its request arrived.
 */
export function postgresFeed(databaseUrl: string, pool: pg.Pool): ChangeFeed {
  const payloads = listeners<[string]>();
  const resets = listeners<[]>();
  const instance = randomUUID();
  const fences = new Map<string, ReturnType<typeof setTimeout>>();
  // Fences outstanding per family: `live` is asked on every cached read.
  const pending: Record<FeedFamily, number> = { callers: 0, data: 0, chats: 0 };
  let seq = 0;
  const lift = (id: string) => {
    if (!fences.has(id)) return;
    clearTimeout(fences.get(id));
    fences.delete(id);
    pending[id.split(':')[1] as FeedFamily] -= 1;
  };
  const listener = listenChannel(databaseUrl, CALLERS_CHANNEL, {
    onPayload: (payload) => {
      if (!payload) return;
      if (payload.startsWith('f:')) return lift(payload);
      // Any instance's sync markers: ours settle waiting reads, none of them names a change.
      if (payload.startsWith('y:')) return void sync.heard(payload);
      payloads.emit(payload);
    },
    onUp: () => resets.emit(),
    // Unheard changes may follow: what was cached is dropped now, not only on reconnect.
    onDown: () => {
      for (const id of [...fences.keys()]) lift(id);
      sync.fail();
      resets.emit();
    },
  });
  // On the listening connection itself: never queued behind the pool's busy connections.
  const sync = createSyncPoint(`y:${instance}:`, (id) => listener.query('select pg_notify($1, $2)', [CALLERS_CHANNEL, id]));
  return {
    live: (family = 'callers') => listener.live() && pending[family] === 0,
    fence(family = 'callers') {
      const id = `f:${family}:${instance}:${(seq += 1)}`;
      // A fence never heard (the listener dropped meanwhile) lifts itself: the drop already emptied the cache.
      const timer = setTimeout(() => lift(id), FENCE_LIMIT_MS);
      timer.unref?.();
      fences.set(id, timer);
      pending[family] += 1;
      pool.query('select pg_notify($1, $2)', [CALLERS_CHANNEL, id]).catch(() => lift(id));
    },
    synced: (since) => sync.after(since),
    subscribe: payloads.add,
    onReset: resets.add,
    close: listener.close,
  };
}

const FENCE_LIMIT_MS = 2_000;
// The statements whose rows the triggers of migrations 0020 (callers), 0025 and 0028 (data) and 0027 (chats) announce.
const WATCHED: [FeedFamily, RegExp][] = [
  ['callers', /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:users|sessions|projects|profiles|memberships|membership_profiles)"?[\s(]/i],
  [
    'data',
    /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:audit_log|boards|board_activity|board_attachments|board_cards|board_columns|board_comments|board_labels|requests|request_messages|request_ratings|invoices|interview_responses|invitations)"?[\s(]/i,
  ],
  ['chats', /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(?:chat_messages|chat_conversations|chat_members|chat_reads)"?[\s(]/i],
];

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * Tells `onCommit` each time a pooled connection commits a write to a watched family's
 * tables: at once for a statement on its own, at COMMIT for one inside a transaction (never
 * after a ROLLBACK). Wraps the connection's `query`; what it returns is left as it was.
 */
export function trackWrites(client: Queryable, onCommit: (family: FeedFamily) => void): void {
  let inTransaction = false;
  const wrote = new Set<FeedFamily>();
  const after = (text: string, failed: boolean) => {
    const head = text.trimStart().slice(0, 16).toLowerCase();
    if (head.startsWith('begin')) {
      inTransaction = true;
      wrote.clear();
    } else if (head.startsWith('commit')) {
      if (!failed) for (const family of wrote) onCommit(family);
      inTransaction = false;
      wrote.clear();
    } else if (head.startsWith('rollback') && !head.startsWith('rollback to')) {
      inTransaction = false;
      wrote.clear();
    } else if (!failed) {
      for (const [family, pattern] of WATCHED) {
        if (!pattern.test(text)) continue;
        if (inTransaction) wrote.add(family);
        else onCommit(family);
      }
    }
  };
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text !== 'string') return query(...args);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        after(text, Boolean(error));
        return (last as (e: unknown, r: unknown) => unknown)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(
        () => after(text, false),
        () => after(text, true),
      );
    }
    return result;
  };
}
