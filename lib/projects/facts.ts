import { eq } from 'drizzle-orm';
import { cachedRead } from '../auth/callers';
import type { Db } from '../db/client';
import { projects } from './tables';

/** What every member's page of a project reads: kept per project until the project changes. */
export type ProjectFacts = { timeZone: string; logo: string | null };

export async function projectFacts(db: Db, projectId: string): Promise<ProjectFacts | null> {
  return cachedRead(
    db,
    `p|${projectId}`,
    async () => {
      const [row] = await db.select({ timeZone: projects.timeZone, logo: projects.logo }).from(projects).where(eq(projects.id, projectId)).limit(1);
      return row ?? null;
    },
    (row) => (row ? [`p:${projectId}`] : null),
  );
}
