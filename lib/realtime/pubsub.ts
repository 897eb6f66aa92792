import { eq, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { listenChannel } from '../db/listen';
import { env } from '../env';
import { logger } from '../log/logger';
import { listeners } from '../ops/listeners';
import type { Envelope } from './audience';
import { GRANTS_EVENT } from './protocol';
import { realtimeSpill } from './tables';

export type Listener = (envelope: Envelope) => void;

/** How events reach every server instance: the services publish, each instance's hub listens. */
export type PubSub = {
  publish(envelope: Envelope): Promise<void>;
  subscribe(listener: Listener): () => void;
  /** Called after the connection to the other instances was lost and is back: events may be missing. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
};

/** One process, one embedded database: events stay in memory. */
export function memoryPubSub(): PubSub {
  const events = listeners<[Envelope]>();
  const resync = listeners<[]>();
  return {
    async publish(envelope) {
      // Delivered after the publisher's own work, as a notification would be.
      queueMicrotask(() => events.emit(envelope));
    },
    subscribe: events.add,
    onResync: resync.add,
    async close() {},
  };
}

export const CHANNEL = 'atrio_realtime';
// PostgreSQL refuses notification payloads of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7900;
const SPILL_TTL_MS = 5 * 60_000;

/**
 * PostgreSQL LISTEN/NOTIFY: every instance listens on one channel through a connection of
 * its own, so an event published by any of them reaches the sockets of all. Its own
 * events come back the same way, so delivery has one path.
 */
export function postgresPubSub(databaseUrl: string): PubSub {
  const events = listeners<[Envelope]>();
  const resync = listeners<[]>();

  async function receive(payload: string | undefined) {
    if (!payload) return;
    const parsed = JSON.parse(payload) as Envelope | { spill: string };
    if ('spill' in parsed) {
      const [row] = await getDb().select({ envelope: realtimeSpill.envelope }).from(realtimeSpill).where(eq(realtimeSpill.id, parsed.spill)).limit(1);
      if (row) events.emit(row.envelope as Envelope);
      return;
    }
    events.emit(parsed);
  }

  const listener = listenChannel(databaseUrl, CHANNEL, {
    onPayload: (payload) =>
      void receive(payload).catch((error) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'realtime event dropped')),
    onUp: (again) => {
      if (again) resync.emit();
    },
  });
  const ready = listener.ready;

  return {
    async publish(envelope) {
      let payload = JSON.stringify(envelope);
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
        const db = getDb();
        const [row] = await db.insert(realtimeSpill).values({ envelope }).returning({ id: realtimeSpill.id });
        payload = JSON.stringify({ spill: row.id });
        // Old spilled events were delivered long ago.
        void db
          .delete(realtimeSpill)
          .where(lt(realtimeSpill.createdAt, new Date(Date.now() - SPILL_TTL_MS)))
          .catch(() => {});
      }
      // Through the shared pool: the listening connection is only for listening.
      await getDb().execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    },
    subscribe: events.add,
    onResync: resync.add,
    async close() {
      await listener.close();
    },
    // Exposed for tests: resolves once the first LISTEN is in place.
    ...({ ready } as object),
  };
}

// The custom server and Next's bundle load this module separately; both must share one
// instance, or events published by route handlers would never reach the sockets.
const store = globalThis as unknown as { __atrioPubSub?: PubSub };

export function pubsub(): PubSub {
  if (!store.__atrioPubSub) {
    const url = env().DATABASE_URL;
    store.__atrioPubSub = url ? postgresPubSub(url) : memoryPubSub();
  }
  return store.__atrioPubSub;
}

/** For tests and the server's shutdown. */
export function setPubSub(instance: PubSub | undefined): void {
  store.__atrioPubSub = instance;
}

/**
 * After a change of who may do what (a session ended or moved, a membership, profile or
 * project changed): sockets re-read their grants now instead of at their next check.
 * Call it after the transaction committed.
 */
export function announceGrants(target: { users?: readonly string[]; projectId?: string }): void {
  void publish({ audience: { customers: target.users, projectId: target.projectId }, e: GRANTS_EVENT, d: null });
}

/** Sends an event to whoever its audience reaches, on every instance. Never throws: the change it reports is already saved. */
export async function publish(envelope: Envelope): Promise<void> {
  try {
    await pubsub().publish(envelope);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), e: envelope.e }, 'realtime publish failed');
  }
}
