import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerCache } from '@/lib/auth/callers';
import { openDb, type Handle } from '@/lib/db/client';
import { users } from '@/lib/users/tables';
import { testDb } from './helpers/db';

// Two instances on one PostgreSQL: a change committed by one, answered to its client, must
// be seen by the very next read on the other, even when its notification is still on the
// way there. Each round makes that race as tight as it gets: the read on B starts the
// moment the writer's COMMIT returns.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('a cached read on another instance', () => {
  let t: Awaited<ReturnType<typeof testDb>>;
  let b: Handle;
  let writer: pg.Client;
  let userId: string;

  beforeAll(async () => {
    t = await testDb();
    b = openDb({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
    writer = new pg.Client({ connectionString: t.databaseUrl });
    await writer.connect();
    const [user] = await t.db.insert(users).values({ email: 'sync@example.com', name: 'Round 0' }).returning({ id: users.id });
    userId = user.id;
    callerCache(b);
    while (!b.changes().live()) await new Promise((resolve) => setTimeout(resolve, 10));
  });
  afterAll(async () => {
    await writer?.end();
    await b?.close();
    await t?.cleanup();
  });

  const nameOnB = () =>
    callerCache(b).read(
      `sync-name|${userId}`,
      async () => (await b.db.select({ name: users.name }).from(users).where(eq(users.id, userId)))[0].name,
      () => [`u:${userId}`],
    );

  it('sees a change committed before it began, on every one of 40 rounds', async () => {
    const stale: number[] = [];
    for (let round = 1; round <= 40; round += 1) {
      await nameOnB();
      const hitsBefore = callerCache(b).stats().hits;
      await nameOnB();
      // The read before the change was answered from memory: the race is a real one.
      expect(callerCache(b).stats().hits).toBe(hitsBefore + 1);
      await writer.query('update users set name = $1 where id = $2', [`Round ${round}`, userId]);
      if ((await nameOnB()) !== `Round ${round}`) stale.push(round);
    }
    expect(stale).toEqual([]);
  });

  it('still answers from memory once it has heard everything', async () => {
    await nameOnB();
    const before = callerCache(b).stats();
    for (let i = 0; i < 5; i += 1) await nameOnB();
    const after = callerCache(b).stats();
    expect(after.hits - before.hits).toBe(5);
    expect(after.misses).toBe(before.misses);
  });
});
