import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { membershipProfiles, memberships, profiles, projects, type Profile, type Project } from '../projects/tables';
import { users, type User } from '../users/tables';
import type { AccessClaims } from './claims';
import { isUuid } from './refresh-token';
import { sessions } from './tables';

export type ViewerUser = Pick<User, 'id' | 'name' | 'email' | 'avatar' | 'status' | 'isRoot' | 'timeZone'>;
export type ViewerProject = Pick<Project, 'id' | 'key' | 'name' | 'status' | 'extensions'>;
export type ViewerProfile = Pick<Profile, 'id' | 'name' | 'isRoot' | 'permissions'>;

export type Viewer = {
  claims: AccessClaims;
  user: ViewerUser;
  /** The active project and profile, only while the membership still grants them. */
  project: ViewerProject | null;
  profile: ViewerProfile | null;
  /** A root acting as the active project's admin ("login as admin"), not as themselves. */
  actingAsAdmin: boolean;
};

export const viewerUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  status: users.status,
  isRoot: users.isRoot,
  timeZone: users.timeZone,
};

/**
 * A project and profile the user holds there, whatever the project's or membership's
 * status; null when the user is not in the project or does not hold the profile.
 */
export async function heldPair(db: Db, userId: string, projectId: string | null | undefined, profileId: string | null | undefined) {
  if (!isUuid(projectId) || !isUuid(profileId)) return null;
  const [row] = await db
    .select({
      project: { id: projects.id, key: projects.key, name: projects.name, status: projects.status, extensions: projects.extensions },
      profile: { id: profiles.id, name: profiles.name, isRoot: profiles.isRoot, permissions: profiles.permissions },
      membershipStatus: memberships.status,
    })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, projectId), eq(profiles.id, profileId), eq(profiles.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

/** The project and profile a member may act through now: enabled project, active membership, held profile. */
export async function grantFor(db: Db, userId: string, projectId: string | null | undefined, profileId: string | null | undefined) {
  const pair = await heldPair(db, userId, projectId, profileId);
  if (!pair || pair.membershipStatus !== 1 || pair.project.status !== 1) return null;
  return { project: pair.project, profile: pair.profile };
}

/**
 * The pair of a root's "acting as admin" session: any existing project (whatever its
 * status: root reviews pending ones too) through one of its isRoot profiles. The caller
 * checks that the user is still root.
 */
export async function adminGrant(db: Db, projectId: string | null | undefined, profileId: string | null | undefined) {
  if (!isUuid(projectId) || !isUuid(profileId)) return null;
  const [row] = await db
    .select({
      project: { id: projects.id, key: projects.key, name: projects.name, status: projects.status, extensions: projects.extensions },
      profile: { id: profiles.id, name: profiles.name, isRoot: profiles.isRoot, permissions: profiles.permissions },
    })
    .from(profiles)
    .innerJoin(projects, eq(projects.id, profiles.projectId))
    .where(and(eq(profiles.id, profileId), eq(profiles.projectId, projectId), eq(profiles.isRoot, true)))
    .limit(1);
  return row ?? null;
}

/** A pair to start a new session with: the first enabled project the user holds a profile in. */
export async function firstGrant(db: Db, userId: string) {
  const [row] = await db
    .select({ projectId: projects.id, profileId: profiles.id })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 1), eq(projects.status, 1)))
    .orderBy(asc(memberships.createdAt), asc(profiles.name))
    .limit(1);
  return row ?? null;
}

/**
 * The signed-in user as the database sees them now, not as the token remembers: the
 * session must still be live, the user not disabled, and the membership still valid.
 */
export async function loadViewer(db: Db, claims: AccessClaims): Promise<Viewer | null> {
  if (!isUuid(claims.sub) || !isUuid(claims.sid)) return null;
  const [row] = await db
    .select({ ...viewerUserColumns, disabledAt: users.disabledAt, parentSessionId: sessions.parentSessionId })
    .from(users)
    .innerJoin(sessions, eq(sessions.userId, users.id))
    .where(and(eq(users.id, claims.sub), eq(sessions.id, claims.sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row || row.disabledAt) return null;
  const { disabledAt: _disabled, parentSessionId, ...user } = row;
  const actingAsAdmin = Boolean(parentSessionId);
  const grant = actingAsAdmin ? (user.isRoot ? await adminGrant(db, claims.pid, claims.ppid) : null) : await grantFor(db, user.id, claims.pid, claims.ppid);
  return { claims, user, project: grant?.project ?? null, profile: grant?.profile ?? null, actingAsAdmin };
}
