import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { interviewResponses } from './tables';

/** Complete responses to the project's interviews submitted after `since`. */
export async function responsesSinceCount(db: Db, projectId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(interviewResponses)
    .where(and(eq(interviewResponses.projectId, projectId), eq(interviewResponses.status, 'complete'), gt(interviewResponses.submittedAt, since)));
  return row?.n ?? 0;
}
