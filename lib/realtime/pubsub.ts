import { eq, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { listenChannel } from '../db/listen';
import { env } from '../env';
import { logger } from '../log/logger';
import { listeners } from '../ops/listeners';
import type { Envelope } from './audience';
import { GRANTS_EVENT } from './protocol';
import { realtimeSpill } from './tables';
import { errorText } from '../log/error-text';

export type Listener = (envelope: Envelope) => void;

/** How events reach every server instance: the services publish, each instance's hub listens. */
export type PubSub = {
  publish(envelope: Envelope): Promise<void>;
  subscribe(listener: Listener): () => void;
  /** Called after the connection to the other instances was lost and is back: events may be missing. */
  onResync(listener: () => void): () => void;
  close(): Promise<void>;
  /**
   * Events are on their way from this thread (a chat batch being committed in the embedded
   * database): `awaiting()` stays true until the returned function is called and a turn has
   * passed, so the hub holds its writes for them and both leave together. Only a bus that
   * delivers in this process counts; between instances the events come back later, by
   * notification, and nothing would be gained by waiting.
   */
  expect?(): () => void;
  awaiting?(): boolean;
};

/** One process, one embedded database: events stay in memory. */
export function memoryPubSub(): PubSub {
  const events = listeners<[Envelope]>();
  const resync = listeners<[]>();
  let expected = 0;
  return {
    async publish(envelope) {
      // Delivered after the publisher's own work, as a notification would be.
      queueMicrotask(() => events.emit(envelope));
    },
    subscribe: events.add,
    onResync: resync.add,
    async close() {},
    expect() {
      expected += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        // After the work the release ends: its publishing runs in the microtasks that follow.
        setImmediate(() => (expected -= 1));
      };
    },
    awaiting: () => expected > 0,
  };
}

export const CHANNEL = 'atrio_realtime';
// PostgreSQL refuses notification payloads of 8000 bytes or more.
const MAX_NOTIFY_BYTES = 7900;
const SPILL_TTL_MS = 5 * 60_000;

type Piece = Envelope | { spill: string };
type Waiting = { piece: string; done: () => void };

/** Lays pieces (each a JSON text under the limit) into as few JSON-array payloads as fit under it. */
export function packPayloads(pieces: readonly string[], max = MAX_NOTIFY_BYTES): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let bytes = 2;
  for (const piece of pieces) {
    const size = Buffer.byteLength(piece) + 1;
    if (current.length > 0 && bytes + size > max) {
      payloads.push(`[${current.join(',')}]`);
      current = [];
      bytes = 2;
    }
    current.push(piece);
    bytes += size;
  }
  if (current.length > 0) payloads.push(`[${current.join(',')}]`);
  return payloads;
}

/**
 * PostgreSQL LISTEN/NOTIFY: every instance listens on one channel through a connection of
 * its own, so an event published by any of them reaches the sockets of all. Its own
 * events come back the same way, so delivery has one path. Events published in the same
 * turn of the event loop (a group commit's messages) share notifications: as many as fit
 * in one payload, in order.
 */
export function postgresPubSub(databaseUrl: string): PubSub {
  const events = listeners<[Envelope]>();
  const resync = listeners<[]>();

  async function emitPiece(piece: Piece) {
    if (!('spill' in piece)) return events.emit(piece);
    const [row] = await getDb().select({ envelope: realtimeSpill.envelope }).from(realtimeSpill).where(eq(realtimeSpill.id, piece.spill)).limit(1);
    if (row) events.emit(row.envelope as Envelope);
  }

  // One at a time, so a spilled event fetched from the table keeps its place among the others.
  let receiving = Promise.resolve();
  function receive(payload: string | undefined) {
    if (!payload) return;
    const parsed = JSON.parse(payload) as Piece | Piece[];
    const pieces = Array.isArray(parsed) ? parsed : [parsed];
    receiving = receiving
      .then(async () => {
        for (const piece of pieces) await emitPiece(piece);
      })
      .catch((error) => logger.error({ err: errorText(error) }, 'realtime event dropped'));
  }

  const listener = listenChannel(databaseUrl, CHANNEL, {
    onPayload: receive,
    onUp: (again) => {
      if (again) resync.emit();
    },
  });
  const ready = listener.ready;

  /** An event too large for a notification waits in a table; the notification names its row. */
  async function pieceOf(envelope: Envelope): Promise<string> {
    const text = JSON.stringify(envelope);
    if (Buffer.byteLength(text) + 2 <= MAX_NOTIFY_BYTES) return text;
    const db = getDb();
    const [row] = await db.insert(realtimeSpill).values({ envelope }).returning({ id: realtimeSpill.id });
    // Old spilled events were delivered long ago.
    void db
      .delete(realtimeSpill)
      .where(lt(realtimeSpill.createdAt, new Date(Date.now() - SPILL_TTL_MS)))
      .catch(() => {});
    return JSON.stringify({ spill: row.id });
  }

  let waiting: Waiting[] = [];
  let sending = Promise.resolve();
  async function flush(batch: Waiting[]) {
    try {
      // Through the shared pool: the listening connection is only for listening.
      for (const payload of packPayloads(batch.map((w) => w.piece))) await getDb().execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    } finally {
      for (const w of batch) w.done();
    }
  }

  return {
    async publish(envelope) {
      const piece = await pieceOf(envelope);
      await new Promise<void>((done) => {
        if (waiting.length === 0)
          setImmediate(() => {
            const batch = waiting;
            waiting = [];
            // Notifications leave in the order they were published.
            sending = sending.then(() => flush(batch)).catch((error) => logger.error({ err: errorText(error) }, 'realtime publish failed'));
          });
        waiting.push({ piece, done });
      });
    },
    subscribe: events.add,
    onResync: resync.add,
    async close() {
      await sending;
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

/** See `PubSub.expect`: a no-op on a bus between instances, or where none is open (a script). */
export function expectEvents(): () => void {
  return store.__atrioPubSub?.expect?.() ?? (() => undefined);
}

/** Sends an event to whoever its audience reaches, on every instance. Never throws: the change it reports is already saved. */
export async function publish(envelope: Envelope): Promise<void> {
  try {
    await pubsub().publish(envelope);
  } catch (error) {
    logger.error({ err: errorText(error), e: envelope.e }, 'realtime publish failed');
  }
}
