import type { ChangeFeed, FeedFamily } from '../db/changes';
import { handleOf, type Handle } from '../db/client';
import { noteCachedRead, noteDirectRead } from '../db/read-deps';
import { requestArrivedAt } from '../log/logger';

/**
 * Who a caller is — their session, user, project and profile — and what all members of a
 * project share (its zone, logo), read once and then kept in memory, so a signed-in request
 * costs no query before its own work. Every entry carries
 * tags ("u:<user>", "s:<session>", "p:<project>"); the database's triggers announce the same
 * tags at commit (migration 0020), on every instance, and each drops what it names.
 * Entries are trusted only while the feed is live: a dropped feed means changes may go
 * unheard, so reads fall through to the database until it is back, and its return clears all.
 * On PostgreSQL an entry is trusted once the feed has heard every change committed before
 * the request arrived (`synced`): a change answered on one instance is seen on the next call
 * to any other.
 */
const CALLERS: readonly FeedFamily[] = ['callers'];

/** `maxEntries`: the budget, in entries of weight 1 (a large value may weigh more, see `read`). */
export type CallerCacheOptions = { maxEntries?: number; ttlMs?: number };

type Entry = { value: unknown; at: number; tags: readonly string[]; weight: number };
type Trusted = Entry | 'unsure' | undefined;

export type CallerCache = ReturnType<typeof createCallerCache>;

/** Frozen: one object answers many requests, so none of them may change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createCallerCache(feed: ChangeFeed, options: CallerCacheOptions = {}) {
  // 10,000 entries of a few hundred bytes: a few MB at most, whatever the traffic.
  const maxEntries = options.maxEntries ?? 10_000;
  // A safety net only: announcements drop entries at once; this bounds what a lost one could cost.
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new Map<string, Entry>();
  let weight = 0;
  const byTag = new Map<string, Set<string>>();
  // Bumped by every change heard: a read that began before it must not store what it read.
  let generation = 0;
  const stats = { hits: 0, misses: 0, drops: 0 };

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function drop(tag: string) {
    generation += 1;
    const keys = byTag.get(tag);
    if (!keys) return;
    stats.drops += keys.size;
    for (const key of [...keys]) remove(key);
  }

  function clear() {
    generation += 1;
    entries.clear();
    byTag.clear();
    weight = 0;
  }

  function store(key: string, value: unknown, tags: readonly string[], cost: number, at = Date.now()) {
    remove(key);
    if (cost > maxEntries) return;
    // Oldest first: a Map iterates in insertion order.
    while (entries.size && weight + cost > maxEntries) remove(entries.keys().next().value!);
    entries.set(key, { value, at, tags, weight: cost });
    weight += cost;
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  const unsubscribe = feed.subscribe(drop);
  const unreset = feed.onReset(clear);

  const liveFor = (families: readonly FeedFamily[]) => families.every((family) => feed.live(family));

  /**
   * The fresh entry under `key`, once the feed has heard every change committed before the
   * request arrived; 'unsure' when that could not be established (read the database).
   * Synchronous unless it has to wait, so a miss starts its load in the same turn as the call.
   */
  function trusted(key: string, families: readonly FeedFamily[]): Trusted | Promise<Trusted> {
    if (!liveFor(families)) return 'unsure';
    const fresh = () => {
      const hit = entries.get(key);
      return hit && Date.now() - hit.at < ttlMs ? hit : undefined;
    };
    const hit = fresh();
    const wait = hit && feed.synced?.(requestArrivedAt());
    if (!wait) return hit;
    // Another instance may have committed a change before this request arrived.
    return wait.then(
      () => (liveFor(families) ? fresh() : 'unsure'),
      () => 'unsure' as const,
    );
  }

  return {
    /**
     * The cached value under `key`, or `load()`'s, kept when `tagsOf` names its tags (null:
     * not worth keeping, such as a session that does not exist). `families`: the tables it
     * was read from, whose writes on this instance hold it until they are announced.
     * `weigh`: what the value costs of the budget, for values far larger than a caller's.
     * The request's page render learns what it read (lib/db/read-deps.ts).
     */
    async read<T>(
      key: string,
      load: () => Promise<T>,
      tagsOf: (value: T) => readonly string[] | null,
      families: readonly FeedFamily[] = CALLERS,
      weigh?: (value: T) => number,
    ): Promise<T> {
      const maybe = trusted(key, families);
      const hit = maybe instanceof Promise ? await maybe : maybe;
      if (hit === 'unsure') {
        noteDirectRead();
        return load();
      }
      if (hit) {
        stats.hits += 1;
        noteCachedRead(hit.tags, hit.at);
        return hit.value as T;
      }
      stats.misses += 1;
      const before = generation;
      const value = await load();
      const tags = tagsOf(value);
      if (tags && before === generation && liveFor(families)) {
        store(key, deepFreeze(value), tags, weigh?.(value) ?? 1);
        noteCachedRead(tags, Date.now());
      } else noteDirectRead();
      return value;
    },
    /** For a value made outside `read` (a page's render): what to hand `keep` once it is made. */
    mark: () => generation,
    /** The value `keep` stored under `key`, under the same guarantees as `read`'s. */
    async peek<T>(key: string, families: readonly FeedFamily[]): Promise<T | undefined> {
      const hit = await trusted(key, families);
      if (hit === 'unsure' || !hit) return undefined;
      stats.hits += 1;
      return hit.value as T;
    },
    /**
     * Keeps a value made since `mark()` returned `since`, unless a change was heard meanwhile;
     * `at`: when its oldest input was read, from which its age counts. Not frozen: the caller
     * owns what it may change (a page's encodings, added once).
     */
    keep(key: string, value: unknown, tags: readonly string[], weight: number, since: number, families: readonly FeedFamily[], at: number): boolean {
      if (since !== generation || !liveFor(families) || tags.length === 0) return false;
      store(key, value, tags, weight, at);
      return true;
    },
    size: () => entries.size,
    stats: () => ({ ...stats, entries: entries.size, weight }),
    close() {
      unsubscribe();
      unreset();
      clear();
    },
  };
}

/**
 * Caches with budgets of their own: the callers' many small entries, the boards' few
 * large ones (a board's view weighs one per card and member), and signed-in pages' HTML
 * (one per kB, 8 MB in all), so a handful of big boards or pages never pushes out whoever
 * is signed in.
 */
const PAGE_SHELF_KB = 8_192;
const SHELVES = { callers: 10_000, boards: 20_000, pages: PAGE_SHELF_KB } as const;
export type Shelf = keyof typeof SHELVES;

// One set of caches per database handle (a test that swaps the handle gets empty ones),
// shared by both copies of this module that Next loads (the custom server's and the bundle's).
const store = globalThis as unknown as { __atrioCallerCaches?: WeakMap<Handle, Partial<Record<Shelf, CallerCache>>> };

export function callerCache(handle: Handle, shelf: Shelf = 'callers'): CallerCache {
  const caches = (store.__atrioCallerCaches ??= new WeakMap());
  let shelves = caches.get(handle);
  if (!shelves) caches.set(handle, (shelves = {}));
  return (shelves[shelf] ??= createCallerCache(handle.changes(), { maxEntries: SHELVES[shelf] }));
}

/**
 * `load()` through the process's cache when `db` is the process's database; a transaction
 * or another handle reads directly (what it sees may not be committed). `large`: a value
 * kept on its own shelf, weighed by `weigh`.
 */
export function cachedRead<T>(
  db: unknown,
  key: string,
  load: () => Promise<T>,
  tagsOf: (value: T) => readonly string[] | null,
  families?: readonly FeedFamily[],
  large?: { shelf: Shelf; weigh: (value: T) => number },
): Promise<T> {
  const handle = handleOf(db);
  return handle ? callerCache(handle, large?.shelf).read(key, load, tagsOf, families, large?.weigh) : load();
}

/**
 * `load()` kept until the database announces a change to the project's data ("d:<project>",
 * migration 0025), or to a user named in `usersOf(value)` (their name or avatar is in it).
 */
export function cachedProjectRead<T>(
  db: unknown,
  projectId: string,
  key: string,
  load: () => Promise<T>,
  usersOf?: (value: T) => readonly string[],
): Promise<T> {
  return cachedRead(
    db,
    `${key}|${projectId}`,
    load,
    (value) => [`d:${projectId}`, ...(usersOf?.(value) ?? []).map((id) => `u:${id}`)],
    usersOf ? ['data', 'callers'] : ['data'],
  );
}
