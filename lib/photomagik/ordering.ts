import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { photomagikCategories, photomagikStyles } from './tables';

type Ordered = typeof photomagikCategories | typeof photomagikStyles;

/**
 * Writes a new order for a whole list: `ids` must be exactly the project's ids (each once),
 * so a stale list from another tab is refused (409) instead of losing rows' places.
 */
export async function reorder(tx: Tx, table: Ordered, projectId: string, ids: string[]): Promise<void> {
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.projectId, projectId)).for('update');
  const known = new Set(rows.map((r) => r.id));
  // Another project's id answers as if it did not exist; a list that misses or repeats one of ours is stale.
  if (ids.some((id) => !known.has(id.toLowerCase()))) throw new HttpError(404, 'notFound');
  if (new Set(ids).size !== ids.length || ids.length !== known.size) throw new HttpError(409, 'photomagik.orderStale');
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id.toLowerCase()} then ${i}::int`),
    sql` `,
  );
  await tx
    .update(table)
    .set({ position: sql`case ${table.id}::text ${cases} end` })
    .where(and(eq(table.projectId, projectId), inArray(table.id, ids)));
}

/** The position after the last one: new rows go to the end. */
export async function nextPosition(tx: Tx, table: Ordered, projectId: string): Promise<number> {
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${table.position}), -1)::int` })
    .from(table)
    .where(eq(table.projectId, projectId));
  return Number(max) + 1;
}
