import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { SESSION_IDLE_MS } from '../auth/sessions';
import { isUuid } from '../auth/refresh-token';
import { sessions } from '../auth/tables';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import { users } from '../users/tables';
import type { UserListQuery, UserState } from './user-schemas';
import { containsPattern } from '../db/like';
import { viewerUserColumns } from '../auth/service';
import { storageOf } from '../quotas/service';
import type { StorageUsage } from '../quotas/types';

type Conn = Db | Tx;

export type RootUserItem = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  /** -1 email not confirmed, 1 confirmed; kept as it was while the user is disabled. */
  status: number;
  /** What the badge says, derived from `status` and `disabledAt`. */
  state: UserState;
  isRoot: boolean;
  disabledAt: string | null;
  createdAt: string;
  /** The later of the last sign-in and the last refreshed session, or null if never seen. */
  lastSeenAt: string | null;
  /** How many projects they are a member of, whatever the membership's status. */
  projects: number;
};

export type RootUserList = { items: RootUserItem[]; total: number; page: number; size: number };

export type RootUserProject = {
  id: string;
  key: string;
  name: string;
  /** The project's status: 1 enabled, 0 pending review, 2 disabled. */
  status: number;
  /** 1 active, 0 deactivated by the project's staff. */
  membershipStatus: number;
  /** The names of the profiles they hold there. */
  profiles: string[];
  joinedAt: string;
};

export type RootUserDetail = {
  user: RootUserItem & { language: string | null; timeZone: string };
  projects: RootUserProject[];
  /** Signed-in devices that could still call the API or refresh. */
  sessions: number;
  /** The chat attachments they have sent, in every project, against their quota. */
  storage: StorageUsage;
};

const iso = (value: unknown): string | null => (value == null ? null : new Date(value as string | Date).toISOString());

export function stateOf(user: { status: number; disabledAt: unknown }): UserState {
  if (user.disabledAt) return 'disabled';
  return user.status === 1 ? 'confirmed' : 'unconfirmed';
}

// Correlated subqueries: one statement for the whole page, served by the user indexes of
// sessions and memberships, and computed only for the rows the page returns. Drizzle
// writes columns unqualified in a one-table select, so the outer user is named in full.
const outerUser = sql.raw('"users"."id"');
const itemColumns = {
  ...viewerUserColumns,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
  language: users.language,
  lastSeenAt: sql<unknown>`greatest(${users.lastSeenAt}, (select max(${sessions.lastUsedAt}) from ${sessions} where ${sessions.userId} = ${outerUser}))`,
  projects: sql<number>`(select count(*) from ${memberships} where ${memberships.userId} = ${outerUser})`.mapWith(Number),
};

type ItemRow = Omit<RootUserItem, 'state' | 'disabledAt' | 'createdAt' | 'lastSeenAt'> & { disabledAt: Date | null; createdAt: Date; lastSeenAt: unknown };

function toItem(row: ItemRow): RootUserItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    status: row.status,
    state: stateOf(row),
    isRoot: row.isRoot,
    disabledAt: iso(row.disabledAt),
    createdAt: iso(row.createdAt)!,
    lastSeenAt: iso(row.lastSeenAt),
    projects: row.projects,
  };
}

function filters(query: Pick<UserListQuery, 'q' | 'state'>): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.push(or(sql`${users.name} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`)!);
  }
  if (query.state === 'disabled') where.push(isNotNull(users.disabledAt));
  else if (query.state !== 'all') where.push(and(isNull(users.disabledAt), eq(users.status, query.state === 'confirmed' ? 1 : -1))!);
  return where.length ? and(...where) : undefined;
}

/** The platform's users, newest first, searched by name or email and filtered by state, one page of them. */
export async function listUsers(db: Conn, query: UserListQuery): Promise<RootUserList> {
  const where = filters(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(itemColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toItem), total, page: query.page, size: query.size };
}

/** A user's row; a malformed or unknown id is a 404, as for any other missing object. */
export async function findUserOrThrow(db: Conn, id: string) {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const [row] = await db.select(itemColumns).from(users).where(eq(users.id, id.toLowerCase())).limit(1);
  if (!row) throw new HttpError(404, 'notFound');
  return { ...toItem(row), language: row.language, timeZone: row.timeZone };
}

/** Live: not ended, not expired and used within the idle limit (what refreshSession accepts). */
export function liveSessions(userId: string): SQL {
  const now = new Date();
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
  )!;
}

/** A user with their projects (the profiles held in each) and how many live sessions they have. */
export async function userDetail(db: Conn, id: string): Promise<RootUserDetail> {
  const user = await findUserOrThrow(db, id);
  const [rows, [{ live }], storage] = await Promise.all([
    db
      .select({
        membershipId: memberships.id,
        id: projects.id,
        key: projects.key,
        name: projects.name,
        status: projects.status,
        membershipStatus: memberships.status,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(projects, eq(projects.id, memberships.projectId))
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(projects.name), asc(projects.id)),
    db.select({ live: count() }).from(sessions).where(liveSessions(user.id)),
    storageOf(db, 'user', user.id),
  ]);
  const held = rows.length
    ? await db
        .select({ membershipId: membershipProfiles.membershipId, name: profiles.name })
        .from(membershipProfiles)
        .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
        .where(
          inArray(
            membershipProfiles.membershipId,
            rows.map((r) => r.membershipId),
          ),
        )
        .orderBy(asc(profiles.name))
    : [];
  const projectsOf = rows.map(({ membershipId, joinedAt, ...p }) => ({
    ...p,
    profiles: held.filter((h) => h.membershipId === membershipId).map((h) => h.name),
    joinedAt: iso(joinedAt)!,
  }));
  return { user, projects: projectsOf, sessions: live, storage };
}
