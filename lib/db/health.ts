import { sql } from 'drizzle-orm';
import { dbKind, getDb } from './client';

/** Whether the database answers a trivial query, and how fast. */
export async function checkDb(): Promise<{ kind: string; ok: boolean; latencyMs: number }> {
  const started = performance.now();
  try {
    await getDb().execute(sql`select 1`);
    return { kind: dbKind(), ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { kind: dbKind(), ok: false, latencyMs: Math.round(performance.now() - started) };
  }
}
