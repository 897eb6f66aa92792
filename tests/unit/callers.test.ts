import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCallerCache } from '@/lib/auth/callers';
import type { ChangeFeed } from '@/lib/db/changes';

/** A feed the test drives: announce a tag, drop or restore the connection. */
function fakeFeed() {
  const payloads = new Set<(p: string) => void>();
  const resets = new Set<() => void>();
  let live = true;
  const feed: ChangeFeed = {
    live: () => live,
    subscribe: (fn) => (payloads.add(fn), () => void payloads.delete(fn)),
    onReset: (fn) => (resets.add(fn), () => void resets.delete(fn)),
    close: async () => {},
  };
  return {
    feed,
    announce: (tag: string) => payloads.forEach((fn) => fn(tag)),
    down() {
      live = false;
      resets.forEach((fn) => fn());
    },
    up() {
      live = true;
      resets.forEach((fn) => fn());
    },
  };
}

const counter = () => {
  let n = 0;
  return { load: async () => ({ n: (n += 1) }), count: () => n };
};
const tags = () => ['u:1', 'p:9'];

afterEach(() => vi.useRealTimers());

describe('the callers cache', () => {
  it('reads once, then answers from memory until a tag of the entry is announced', async () => {
    const f = fakeFeed();
    const cache = createCallerCache(f.feed);
    const c = counter();
    expect(await cache.read('k', c.load, tags)).toEqual({ n: 1 });
    expect(await cache.read('k', c.load, tags)).toEqual({ n: 1 });
    f.announce('u:2');
    expect(await cache.read('k', c.load, tags)).toEqual({ n: 1 });
    f.announce('p:9');
    expect(await cache.read('k', c.load, tags)).toEqual({ n: 2 });
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 2, entries: 1 });
  });

  it('never stores what a read saw before a change announced while it ran', async () => {
    const f = fakeFeed();
    const cache = createCallerCache(f.feed);
    let release!: () => void;
    const slow = () => new Promise<{ v: string }>((resolve) => (release = () => resolve({ v: 'stale' })));
    const pending = cache.read('k', slow, tags);
    f.announce('u:1');
    release();
    expect(await pending).toEqual({ v: 'stale' });
    expect(cache.size()).toBe(0);
  });

  it('falls through to the database while the feed is down, and forgets everything when it drops', async () => {
    const f = fakeFeed();
    const cache = createCallerCache(f.feed);
    const c = counter();
    await cache.read('k', c.load, tags);
    f.down();
    expect(cache.size()).toBe(0);
    await cache.read('k', c.load, tags);
    await cache.read('k', c.load, tags);
    expect(c.count()).toBe(3);
    expect(cache.size()).toBe(0);
    f.up();
    await cache.read('k', c.load, tags);
    await cache.read('k', c.load, tags);
    expect(c.count()).toBe(4);
  });

  it('keeps nothing the loader says is not worth keeping', async () => {
    const cache = createCallerCache(fakeFeed().feed);
    const c = counter();
    await cache.read('k', c.load, () => null);
    await cache.read('k', c.load, () => null);
    expect(c.count()).toBe(2);
  });

  it('holds at most maxEntries, dropping the oldest first, and their tags with them', async () => {
    const f = fakeFeed();
    const cache = createCallerCache(f.feed, { maxEntries: 3 });
    for (const k of ['a', 'b', 'c', 'd'])
      await cache.read(
        k,
        async () => k,
        () => [`u:${k}`],
      );
    expect(cache.size()).toBe(3);
    const c = counter();
    await cache.read('a', c.load, () => ['u:a']);
    expect(c.count()).toBe(1);
    // 'a' came back in place of 'b', the oldest then.
    f.announce('u:b');
    expect(cache.size()).toBe(3);
    f.announce('u:c');
    expect(cache.size()).toBe(2);
  });

  it('counts a weighed value at its weight: a heavy one pushes out as many light ones, one over the budget is not kept', async () => {
    const f = fakeFeed();
    const cache = createCallerCache(f.feed, { maxEntries: 10 });
    const light = (k: string) =>
      cache.read(
        k,
        async () => k,
        () => [`u:${k}`],
      );
    for (const k of ['a', 'b', 'c', 'd']) await light(k);
    const heavy = (k: string, weight: number) =>
      cache.read(
        k,
        async () => ({ k }),
        () => [`b:${k}`],
        undefined,
        () => weight,
      );
    await heavy('board', 8);
    // 4 + 8 > 10: the two oldest made room.
    expect(cache.stats()).toMatchObject({ entries: 3, weight: 10 });
    const c = counter();
    await cache.read('b', c.load, () => ['u:b']);
    expect(c.count()).toBe(1);
    // In came 'b', out went 'c'; one heavier than the whole budget is read, not kept, and pushes out nothing.
    await heavy('huge', 11);
    expect(cache.stats()).toMatchObject({ entries: 3, weight: 10 });
    f.announce('b:board');
    expect(cache.stats()).toMatchObject({ entries: 2, weight: 2 });
  });

  it('reads again after the safety period even when nothing was announced', async () => {
    vi.useFakeTimers();
    const cache = createCallerCache(fakeFeed().feed, { ttlMs: 1000 });
    const c = counter();
    await cache.read('k', c.load, tags);
    vi.advanceTimersByTime(999);
    await cache.read('k', c.load, tags);
    vi.advanceTimersByTime(2);
    await cache.read('k', c.load, tags);
    expect(c.count()).toBe(2);
  });

  it('hands out frozen values: one request cannot change what the next one reads', async () => {
    const cache = createCallerCache(fakeFeed().feed);
    const value = await cache.read('k', async () => ({ profile: { permissions: ['A'] } }), tags);
    expect(() => value.profile.permissions.push('B')).toThrow(TypeError);
  });
});
