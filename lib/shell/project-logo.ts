import { eq } from 'drizzle-orm';
import { cache } from 'react';
import { getDb } from '../db/client';
import { projects } from '../projects/tables';

/** The active project's logo URL for the app bar (null without one); one read per request. */
export const projectLogo = cache(async (projectId: string | null): Promise<string | null> => {
  if (!projectId) return null;
  const [row] = await getDb().select({ logo: projects.logo }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return row?.logo ?? null;
});
