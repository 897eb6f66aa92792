import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimitError, clear, enforce, hit, peek } from '@/lib/http/rate-limit';
import { testDb } from './helpers/db';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
});
afterAll(async () => db.cleanup());

const limit = { points: 3, windowSeconds: 60 };

describe('the shared rate limiter', () => {
  it('counts hits in a window and reports when it is exceeded', async () => {
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await hit(db.db, 'k1', limit));
    expect(states.map((s) => s.points)).toEqual([1, 2, 3, 4]);
    expect(states.map((s) => s.exceeded)).toEqual([false, false, false, true]);
    expect(states[3].retryAfterSeconds).toBeGreaterThan(55);
    expect((await peek(db.db, 'k1', limit)).points).toBe(4);
    expect((await peek(db.db, 'other', limit)).points).toBe(0);
  });

  it('counts concurrent hits exactly (one atomic upsert each)', async () => {
    const states = await Promise.all(Array.from({ length: 20 }, () => hit(db.db, 'burst', { points: 100, windowSeconds: 60 })));
    expect(states.map((s) => s.points).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one is over', async () => {
    await hit(db.db, 'k2', { points: 1, windowSeconds: 1 });
    await hit(db.db, 'k2', { points: 1, windowSeconds: 1 });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await hit(db.db, 'k2', { points: 1, windowSeconds: 1 })).points).toBe(1);
  });

  it('enforce throws a 429 with the seconds to wait; clear forgets the key', async () => {
    for (let i = 0; i < 3; i++) await enforce(db.db, 'k3', limit);
    const error = await enforce(db.db, 'k3', limit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).status).toBe(429);
    expect((error as RateLimitError).extra.retryAfter).toBeGreaterThan(0);
    await clear(db.db, 'k3');
    await expect(enforce(db.db, 'k3', limit)).resolves.toBeUndefined();
  });
});
