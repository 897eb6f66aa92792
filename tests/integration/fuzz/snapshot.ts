import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';

/**
 * Tables a refused request may still write, each for a reason of its own; every other table
 * must be exactly as it was.
 */
export const BOOKKEEPING = new Set<string>([
  // Per-address and per-account limits count a request before its body is read, on purpose:
  // a flood of malformed requests must use up the limit as well as valid ones.
  'rate_limits',
]);

export type Snapshot = Map<string, string>;

/** Each table's row count and an order-free checksum of its rows, by name. */
export async function snapshotter(db: Db): Promise<() => Promise<Snapshot>> {
  const rows = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const names = rowsOf<{ name: string }>(rows)
    .map((r) => r.name)
    .filter((n) => !BOOKKEEPING.has(n));
  // One statement for all tables: a sum of row hashes changes with any column of any row.
  const query = names
    .map((n) => `select '${n}' as name, count(*) || ':' || coalesce(sum(hashtext(t::text)::bigint), 0) as sum from "${n}" t`)
    .join(' union all ');
  return async () =>
    new Map(rowsOf<{ name: string; sum: string }>(await db.execute<{ name: string; sum: string }>(sql.raw(query))).map((r) => [r.name, r.sum]));
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return [...before.keys()].filter((name) => before.get(name) !== after.get(name));
}

// pg returns { rows }, PGlite's drizzle driver the same; typed loosely to serve both.
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? []));
