import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { NEW_RESPONSES_DAYS } from './limits';
import { interviewResponses } from './tables';

// "New responses": complete ones submitted in the last NEW_RESPONSES_DAYS days. No per-viewer
// "last looked" mark exists, so a fixed window stands in. One condition for the dashboard
// home's figure and the interviews list's `?responses=new`.

/** Where the window starts. */
export const newResponsesSince = (now = Date.now()) => new Date(now - NEW_RESPONSES_DAYS * 86400_000);

/** The project's complete responses submitted after `since`. */
export function newResponsesWhere(projectId: string, since: Date): SQL {
  return and(eq(interviewResponses.projectId, projectId), eq(interviewResponses.status, 'complete'), gt(interviewResponses.submittedAt, since))!;
}

/** For the dashboard home: how many new responses the project's interviews got. */
export async function newResponsesCount(db: Db, projectId: string, since = newResponsesSince()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(interviewResponses).where(newResponsesWhere(projectId, since));
  return row?.n ?? 0;
}

/** New responses per interview of the project (interviews without any are absent). */
export async function newResponsesByInterview(db: Db, projectId: string, since = newResponsesSince()): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: interviewResponses.interviewId, n: count() })
    .from(interviewResponses)
    .where(newResponsesWhere(projectId, since))
    .groupBy(interviewResponses.interviewId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
