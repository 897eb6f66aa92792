import { eq } from 'drizzle-orm';
import type { Db } from '../../../lib/db/client';
import { membershipProfiles, memberships, profiles, projects } from '../../../lib/projects/tables';
import { users } from '../../../lib/users/tables';

/** Every member with the project and profile they hold (the seed gives each one profile). */
export function members(db: Db) {
  return db
    .select({ email: users.email, userId: users.id, projectId: projects.id, profileId: profiles.id, profile: profiles.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId));
}

export async function member(db: Db, email: string) {
  const found = (await members(db)).find((m) => m.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found;
}

export type DemoProject = { id: string; profileIds: Record<string, string> };

/** The seeded demo project's id, and the ids of its profiles by name. */
export async function demoProject(db: Db): Promise<DemoProject> {
  const [demo] = await db.select({ id: projects.id }).from(projects).where(eq(projects.key, 'demo'));
  const rows = await db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(eq(profiles.projectId, demo.id));
  return { id: demo.id, profileIds: Object.fromEntries(rows.map((p) => [p.name, p.id])) };
}
