import { sql, type SQL } from 'drizzle-orm';
import { dayIn } from '../dashboard/days';
import type { Db } from '../db/client';
import { projectFacts } from './facts';
import { projects } from './tables';

/** The project's IANA zone (UTC when the project is unknown): it decides what "today" is. */
export async function projectTimeZone(db: Db, projectId: string): Promise<string> {
  return (await projectFacts(db, projectId))?.timeZone ?? 'UTC';
}

/**
 * Today in each project's own zone, as a date expression over `projects.time_zone`, for
 * queries across projects (the query joins `projects`). The zones are worked out here, not
 * by the database, so they mean what they mean everywhere else.
 */
export async function projectsToday(db: Db, now = new Date()): Promise<SQL> {
  const zones = await db.selectDistinct({ timeZone: projects.timeZone }).from(projects);
  const cases = zones.map(({ timeZone }) => sql`when ${timeZone} then ${dayIn(timeZone, now)}`);
  return sql`(case ${projects.timeZone} ${sql.join(cases, sql` `)} else ${dayIn('UTC', now)} end)::date`;
}

/** Today as YYYY-MM-DD in the project's zone: what due days compare with. */
export async function projectToday(db: Db, projectId: string): Promise<string> {
  return dayIn(await projectTimeZone(db, projectId));
}
