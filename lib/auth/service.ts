import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { membershipProfiles, memberships, profiles, projects, type Profile, type Project } from '../projects/tables';
import { users, type User } from '../users/tables';
import { cachedRead } from './callers';
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

/** A session as the hot path needs it: its state and its user's. */
export type SessionState = Pick<
  typeof sessions.$inferSelect,
  'id' | 'userId' | 'projectId' | 'profileId' | 'parentSessionId' | 'expiresAt' | 'lastUsedAt' | 'revokedAt'
> & {
  user: ViewerUser & { disabledAt: Date | null };
};

async function readSessionState(db: Db, sessionId: string): Promise<SessionState | null> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      projectId: sessions.projectId,
      profileId: sessions.profileId,
      parentSessionId: sessions.parentSessionId,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
      revokedAt: sessions.revokedAt,
      user: { ...viewerUserColumns, disabledAt: users.disabledAt },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}

/** A session and its user, from the callers' cache when `db` is the process's database. */
export async function sessionState(db: Db, sessionId: string): Promise<SessionState | null> {
  if (!isUuid(sessionId)) return null;
  return cachedRead(
    db,
    `s|${sessionId}`,
    () => readSessionState(db, sessionId),
    (state) => (state ? [`s:${state.id}`, `u:${state.userId}`] : null),
  );
}

type Grant = Awaited<ReturnType<typeof adminGrant>>;

/**
 * The pair a session may act through now: a member's (`grantFor`) or, for a root acting as
 * a project's admin, that project's isRoot profile (`adminGrant`; the caller checks the user
 * is still root). Cached, refusals included, until the user or the project changes.
 */
export async function currentGrant(
  db: Db,
  userId: string,
  projectId: string | null | undefined,
  profileId: string | null | undefined,
  admin: boolean,
): Promise<Grant> {
  if (!isUuid(projectId) || !isUuid(profileId)) return null;
  const load = () => (admin ? adminGrant(db, projectId, profileId) : grantFor(db, userId, projectId, profileId));
  return cachedRead(db, `g|${admin ? 'a' : 'm'}|${userId}|${projectId}|${profileId}`, load, () => [`u:${userId}`, `p:${projectId}`]);
}

/** Whether a session still counts: not revoked, not expired, its user not disabled. */
function sessionLive(state: SessionState, now = Date.now()): boolean {
  return !state.revokedAt && state.expiresAt.getTime() > now && !state.user.disabledAt;
}

/**
 * The signed-in user as the database sees them now, not as the token remembers: the
 * session must still be live, the user not disabled, and the membership still valid.
 * Answered from the callers' cache, which every change to those rows empties at commit.
 */
export async function loadViewer(db: Db, claims: AccessClaims): Promise<Viewer | null> {
  if (!isUuid(claims.sub) || !isUuid(claims.sid)) return null;
  const state = await sessionState(db, claims.sid);
  if (!state || state.userId !== claims.sub || !sessionLive(state)) return null;
  const { disabledAt: _disabled, ...user } = state.user;
  const actingAsAdmin = Boolean(state.parentSessionId);
  const grant = actingAsAdmin && !user.isRoot ? null : await currentGrant(db, user.id, claims.pid, claims.ppid, actingAsAdmin);
  return { claims, user, project: grant?.project ?? null, profile: grant?.profile ?? null, actingAsAdmin };
}
