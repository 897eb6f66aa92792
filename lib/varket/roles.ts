import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { varketSellers } from './tables';

/** Whether the user is linked to a seller of the project: they then have sales of their own to see. */
export async function isLinkedSeller(db: Db, projectId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: varketSellers.id })
    .from(varketSellers)
    .where(and(eq(varketSellers.projectId, projectId), eq(varketSellers.userId, userId)))
    .limit(1);
  return Boolean(row);
}
