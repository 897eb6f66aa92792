import type { ChangeFeed, FeedFamily } from '../db/changes';
import { handleOf, type Handle } from '../db/client';

/**
 * Who a caller is — their session, user, project and profile — and what all members of a
 * project share (its zone, logo), read once and then kept in memory, so a signed-in request
 * costs no query before its own work. Every entry carries
 * tags ("u:<user>", "s:<session>", "p:<project>"); the database's triggers announce the same
 * tags at commit (migration 0020), on every instance, and each drops what it names.
 * Entries are trusted only while the feed is live: a dropped feed means changes may go
 * unheard, so reads fall through to the database until it is back, and its return clears all.
 */
const CALLERS: readonly FeedFamily[] = ['callers'];

export type CallerCacheOptions = { maxEntries?: number; ttlMs?: number };

type Entry = { value: unknown; at: number; tags: readonly string[] };

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
  const byTag = new Map<string, Set<string>>();
  // Bumped by every change heard: a read that began before it must not store what it read.
  let generation = 0;
  const stats = { hits: 0, misses: 0, drops: 0 };

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
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
  }

  function store(key: string, value: unknown, tags: readonly string[]) {
    remove(key);
    // Oldest first: a Map iterates in insertion order.
    while (entries.size >= maxEntries) remove(entries.keys().next().value!);
    entries.set(key, { value: deepFreeze(value), at: Date.now(), tags });
    for (const tag of tags) {
      let keys = byTag.get(tag);
      if (!keys) byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  const unsubscribe = feed.subscribe(drop);
  const unreset = feed.onReset(clear);

  return {
    /**
     * The cached value under `key`, or `load()`'s, kept when `tagsOf` names its tags (null:
     * not worth keeping, such as a session that does not exist). `families`: the tables it
     * was read from, whose writes on this instance hold it until they are announced.
     */
    async read<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[] | null, families: readonly FeedFamily[] = CALLERS): Promise<T> {
      const live = () => families.every((family) => feed.live(family));
      if (!live()) return load();
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) {
        stats.hits += 1;
        return hit.value as T;
      }
      stats.misses += 1;
      const before = generation;
      const value = await load();
      const tags = tagsOf(value);
      if (tags && before === generation && live()) store(key, value, tags);
      return value;
    },
    size: () => entries.size,
    stats: () => ({ ...stats, entries: entries.size }),
    close() {
      unsubscribe();
      unreset();
      clear();
    },
  };
}

// One cache per database handle (a test that swaps the handle gets an empty one), shared
// by both copies of this module that Next loads (the custom server's and the bundle's).
const store = globalThis as unknown as { __atrioCallerCaches?: WeakMap<Handle, CallerCache> };

export function callerCache(handle: Handle): CallerCache {
  const caches = (store.__atrioCallerCaches ??= new WeakMap());
  let cache = caches.get(handle);
  if (!cache) caches.set(handle, (cache = createCallerCache(handle.changes())));
  return cache;
}

/**
 * `load()` through the process's cache when `db` is the process's database; a transaction
 * or another handle reads directly (what it sees may not be committed).
 */
export function cachedRead<T>(
  db: unknown,
  key: string,
  load: () => Promise<T>,
  tagsOf: (value: T) => readonly string[] | null,
  families?: readonly FeedFamily[],
): Promise<T> {
  const handle = handleOf(db);
  return handle ? callerCache(handle).read(key, load, tagsOf, families) : load();
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
