import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { projects } from '../projects/tables';

/** The project's time zone: activity and days are shown on its clock. */
export async function projectTimeZone(projectId: string): Promise<string> {
  const [row] = await getDb().select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, projectId));
  return row?.timeZone ?? 'UTC';
}
