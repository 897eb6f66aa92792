import { sql } from 'drizzle-orm';
import { rateLimits } from '../http/tables';
import type { Db } from './client';

// `select 1` passes on a full or read-only disk: only a committed write reaches the disk (the
// embedded database flushes its WAL at commit), so health writes one. The keyed upsert table
// of the rate limits takes it, rather than a table of its own to migrate; its sweep of expired
// rows may remove the row, and the next beat puts it back.
const KEY = 'db:heartbeat';

/** One committed one-row upsert; throws what the database throws. */
export async function writeHeartbeat(db: Db): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key: KEY, points: 1, resetAt: sql`now() + interval '1 hour'` })
    .onConflictDoUpdate({ target: rateLimits.key, set: { points: sql`${rateLimits.points} % 1000000 + 1`, resetAt: sql`excluded.reset_at` } });
}
