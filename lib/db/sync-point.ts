/**
 * When has this instance heard every change committed before a moment? PostgreSQL delivers
 * notifications in commit order, so once a marker of our own, committed after that moment,
 * comes back on the LISTEN connection, everything committed before it has come back too.
 * A request arriving on this instance therefore waits for one marker sent after it arrived
 * before it trusts what the cache holds, and so sees a change another instance committed
 * before answering its own client, however slow the notification's way here was.
 *
 * Markers are shared: every request arriving before one is sent waits for that one, and a
 * request already covered by a marker heard waits for nothing.
 */
export type SyncPoint = {
  /** Null when a marker sent at or after `since` was already heard, else when one will have been. */
  after(since: number): Promise<void> | null;
  /** A payload heard on the channel; true when it was one of our markers. */
  heard(payload: string): boolean;
  /** The connection dropped: markers in flight will never come back. */
  fail(): void;
};

type Marker = { id: string; sentAt: number; promise: Promise<void>; resolve: () => void; reject: (error: Error) => void };

/** `notify` commits a notification carrying `id` on the watched channel; ids start with `prefix`. */
export function createSyncPoint(prefix: string, notify: (id: string) => Promise<unknown>, now = () => performance.now()): SyncPoint {
  let heardUpTo = -Infinity;
  let seq = 0;
  // Sent, in sending order (which is their commit order on the one connection that sends them).
  const inFlight: Marker[] = [];
  let next: Marker | null = null;

  function marker(): Marker {
    let resolve!: () => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
    // A waiter that gives up on a failed marker reads the database instead; nobody else listens.
    promise.catch(() => {});
    return { id: `${prefix}${(seq += 1)}`, sentAt: 0, promise, resolve, reject };
  }

  function send() {
    const m = next!;
    next = null;
    m.sentAt = now();
    inFlight.push(m);
    const timer = setTimeout(() => settle(m, new Error('sync marker not heard')), MARKER_LIMIT_MS);
    timer.unref?.();
    m.promise.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    notify(m.id).catch((error: unknown) => settle(m, error instanceof Error ? error : new Error(String(error))));
  }

  function settle(m: Marker, error: Error) {
    const at = inFlight.indexOf(m);
    if (at < 0) return;
    inFlight.splice(at, 1);
    m.reject(error);
  }

  return {
    after(since) {
      if (heardUpTo >= since) return null;
      const last = inFlight.at(-1);
      if (last && last.sentAt >= since) return last.promise;
      if (!next) {
        next = marker();
        // Sent on the next turn, so all that arrive in this one share it.
        setImmediate(send);
      }
      return next.promise;
    },
    heard(payload) {
      if (!payload.startsWith(prefix)) return false;
      const at = inFlight.findIndex((m) => m.id === payload);
      if (at < 0) return true;
      // Heard in commit order: the earlier ones were committed before it, so they are covered too.
      const covered = inFlight.splice(0, at + 1);
      heardUpTo = Math.max(heardUpTo, covered.at(-1)!.sentAt);
      for (const m of covered) m.resolve();
      return true;
    },
    fail() {
      for (const m of inFlight.splice(0)) m.reject(new Error('listening connection lost'));
    },
  };
}

const MARKER_LIMIT_MS = 2_000;
