import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { RequestPriority, RequestType } from './limits';
import { dueTimes } from './sla';
import { requestCounters, requests, type RequestRow } from './tables';
import { slaTargets } from './targets';

// Kept apart from the services (no route or request imports): the seed runs before the server.

export type NewRequest = {
  id?: string;
  firstResponseAt?: Date;
  projectId: string;
  requesterId: string;
  createdBy: string;
  subject: string;
  type: RequestType;
  priority: RequestPriority;
  tags: string[];
};

/**
 * Inserts a request with the project's next number. The counter row is taken with an
 * upsert and stays locked until the caller's transaction commits, so concurrent creators
 * queue on it: numbers are 1, 2, 3 … per project without gaps or repeats.
 */
export async function insertRequest(tx: Tx, input: NewRequest): Promise<RequestRow> {
  const [counter] = await tx
    .insert(requestCounters)
    .values({ projectId: input.projectId, lastNumber: 1 })
    .onConflictDoUpdate({ target: requestCounters.projectId, set: { lastNumber: sql`${requestCounters.lastNumber} + 1` } })
    .returning({ number: requestCounters.lastNumber });
  const now = new Date();
  const due = dueTimes(now, input.priority, await slaTargets(tx, input.projectId));
  const [row] = await tx
    .insert(requests)
    .values({ ...input, number: counter.number, status: 'new', createdAt: now, updatedAt: now, ...due })
    .returning();
  return row;
}
