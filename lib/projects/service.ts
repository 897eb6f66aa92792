import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { PROJECT_STATUS } from './status';
import { membershipProfiles, memberships, profiles, projects } from './tables';

/** How a project looks to one user: 'pending' until root reviews it. */
export type ProjectState = 'enabled' | 'pending' | 'disabled';

export type UserProject = {
  id: string;
  key: string;
  name: string;
  /** The project's own status (1 enabled, 0 pending review, 2 disabled). */
  status: number;
  /** What the user can do with it: a deactivated membership counts as disabled. */
  state: ProjectState;
  /** The user's membership, or null for a project they requested but do not belong to yet. */
  membershipStatus: number | null;
  profiles: { id: string; name: string; isRoot: boolean }[];
};

function stateOf(status: number, membershipStatus: number | null): ProjectState {
  if (status === PROJECT_STATUS.pending) return 'pending';
  if (status !== PROJECT_STATUS.enabled || membershipStatus === 0) return 'disabled';
  return 'enabled';
}

/** The projects a user belongs to or has requested, with the profiles they hold in each. */
export async function userProjects(db: Db, userId: string): Promise<UserProject[]> {
  const rows = await db
    .select({
      id: projects.id,
      key: projects.key,
      name: projects.name,
      status: projects.status,
      membershipId: memberships.id,
      membershipStatus: memberships.status,
    })
    .from(projects)
    .leftJoin(memberships, and(eq(memberships.projectId, projects.id), eq(memberships.userId, userId)))
    .where(or(eq(memberships.userId, userId), eq(projects.createdBy, userId)))
    .orderBy(asc(projects.name), asc(projects.id));
  const membershipIds = rows.flatMap((r) => (r.membershipId ? [r.membershipId] : []));
  const held = membershipIds.length
    ? await db
        .select({ membershipId: membershipProfiles.membershipId, id: profiles.id, name: profiles.name, isRoot: profiles.isRoot })
        .from(membershipProfiles)
        .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
        .where(inArray(membershipProfiles.membershipId, membershipIds))
        .orderBy(asc(profiles.name))
    : [];
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    status: r.status,
    state: stateOf(r.status, r.membershipStatus),
    membershipStatus: r.membershipStatus,
    profiles: held.filter((p) => p.membershipId === r.membershipId).map(({ id, name, isRoot }) => ({ id, name, isRoot })),
  }));
}
