import { eq } from 'drizzle-orm';
import { dayIn } from '../dashboard/days';
import type { Db } from '../db/client';
import { projects } from './tables';

/** The project's IANA zone (UTC when the project is unknown): it decides what "today" is. */
export async function projectTimeZone(db: Db, projectId: string): Promise<string> {
  const [row] = await db.select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, projectId));
  return row?.timeZone ?? 'UTC';
}

/** Today as YYYY-MM-DD in the project's zone: what due days compare with. */
export async function projectToday(db: Db, projectId: string): Promise<string> {
  return dayIn(await projectTimeZone(db, projectId));
}
