import { and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Permission } from '../access/permissions';
import { membershipProfiles, memberships, profiles } from '../projects/tables';
import { users } from '../users/tables';
import type { Conn } from './access';
import type { ChatPerson } from './types';
import { containsPattern } from '../db/like';
import { cachedRead } from '../auth/callers';

const PEOPLE_MAX = 50;

/** A held profile grants the permission, or is a full-access one. */
const grants = (permission: Permission) => or(eq(profiles.isRoot, true), sql`${profiles.permissions} @> ${JSON.stringify([permission])}::jsonb`)!;

/** Active, not disabled members of the project holding `permission` through any of their profiles. */
function staffWhere(projectId: string, permission: Permission) {
  return and(eq(memberships.projectId, projectId), eq(memberships.status, 1), isNull(users.disabledAt), grants(permission))!;
}

function staffQuery(db: Conn) {
  return db
    .select({ id: users.id, name: users.name, avatar: users.avatar })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .$dynamic();
}

/** Which of `userIds` are the project's active staff holding `permission` (a member may hold several profiles). */
export async function holding(db: Conn, projectId: string, userIds: readonly string[], permission: Permission): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await staffQuery(db)
    .where(and(staffWhere(projectId, permission), inArray(users.id, [...userIds])))
    .groupBy(users.id);
  return new Set(rows.map((r) => r.id));
}

/** The team one can write to or add to a private channel: staff holding CHATS__TEAM, by name, matching `q`. */
export async function listPeople(db: Conn, projectId: string, q: string): Promise<ChatPerson[]> {
  const match = q ? or(ilike(users.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;
  return staffQuery(db)
    .where(and(staffWhere(projectId, 'CHATS__TEAM'), match))
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .limit(PEOPLE_MAX);
}

export type PersonWithEmail = ChatPerson & { email: string };

/** The people behind these ids, for views. */
export async function peopleByIds(db: Conn, ids: Iterable<string | null | undefined>): Promise<Map<string, PersonWithEmail>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, avatar: users.avatar, email: users.email }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** One person as their messages and typing show them, kept until their user row changes ("u:" tag). */
export function personOf(db: Conn, userId: string): Promise<ChatPerson | null> {
  const load = async () => {
    const [row] = await db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(eq(users.id, userId)).limit(1);
    return row ?? null;
  };
  return cachedRead(db, `chatPerson|${userId}`, load, (person) => (person ? [`u:${userId}`] : null), ['callers']);
}
