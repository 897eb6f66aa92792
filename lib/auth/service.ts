import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { membershipProfiles, memberships, profiles, projects, type Profile, type Project } from '../projects/tables';
import { users, type User } from '../users/tables';
import type { AccessClaims } from './claims';

export type Viewer = {
  claims: AccessClaims;
  user: Pick<User, 'id' | 'name' | 'email' | 'avatar' | 'status' | 'isRoot' | 'timeZone'>;
  /** The active project and profile, only while the membership still grants them. */
  project: Pick<Project, 'id' | 'key' | 'name' | 'status' | 'extensions'> | null;
  profile: Pick<Profile, 'id' | 'name' | 'isRoot' | 'permissions'> | null;
};

/** The signed-in user as the database sees them now, not as the token remembers. */
export async function loadViewer(db: Db, claims: AccessClaims): Promise<Viewer | null> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, avatar: users.avatar, status: users.status, isRoot: users.isRoot, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, claims.sub))
    .limit(1);
  if (!user || user.status === 0) return null;
  if (!claims.pid || !claims.ppid) return { claims, user, project: null, profile: null };

  const [row] = await db
    .select({
      project: { id: projects.id, key: projects.key, name: projects.name, status: projects.status, extensions: projects.extensions },
      profile: { id: profiles.id, name: profiles.name, isRoot: profiles.isRoot, permissions: profiles.permissions },
    })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(
      and(
        eq(memberships.userId, user.id),
        eq(memberships.projectId, claims.pid),
        eq(memberships.status, 1),
        eq(profiles.id, claims.ppid),
        eq(projects.status, 1),
      ),
    )
    .limit(1);
  return { claims, user, project: row?.project ?? null, profile: row?.profile ?? null };
}
