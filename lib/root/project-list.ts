import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { memberships, projects } from '../projects/tables';
import { users } from '../users/tables';
import type { ProjectListQuery, ProjectSort } from './project-schemas';
import { containsPattern } from '../db/like';

export type Requester = { id: string; name: string; email: string };

export type ProjectRow = {
  id: string;
  key: string;
  name: string;
  status: number;
  createdAt: string;
  requester: Requester | null;
  members: number;
  extensions: string[];
};

export type ProjectList = { items: ProjectRow[]; total: number; page: number; size: number };

function filters(db: Db, query: ProjectListQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const like = containsPattern(query.q);
    const matches = (column: AnyPgColumn) => sql`lower(${column}) like lower(${like})`;
    // The requesters whose email matches are found once, instead of a join on every project.
    const requesters = db.select({ id: users.id }).from(users).where(matches(users.email));
    where.push(or(matches(projects.name), matches(projects.key), inArray(projects.createdBy, requesters))!);
  }
  if (query.status !== undefined) where.push(eq(projects.status, query.status));
  return where.length ? and(...where) : undefined;
}

const SORT_KEYS: Record<Exclude<ProjectSort, 'members'>, SQL> = {
  createdAt: sql`${projects.createdAt}`,
  // lower(key) is what the unique key index holds.
  key: sql`lower(${projects.key})`,
  name: sql`lower(${projects.name})`,
  status: sql`${projects.status}`,
};

/**
 * The ids of one page in order, with the value they were sorted by (id breaks ties, so
 * pages never overlap). Only ids go through the sort and the offset: a last page costs
 * little more than a first one.
 */
function pageIds(db: Db, query: ProjectListQuery, where: SQL | undefined) {
  const order = query.dir === 'asc' ? asc : desc;
  const window = <Q extends PgSelect>(select: Q, key: SQL) =>
    select
      .where(where)
      .orderBy(order(key), order(projects.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
  if (query.sort === 'members') {
    // Every matching project's members counted in one grouped pass, not one count each.
    const totals = db
      .select({ projectId: memberships.projectId, n: sql<number>`count(*)::int`.as('n') })
      .from(memberships)
      .groupBy(memberships.projectId)
      .as('member_totals');
    const key = sql`coalesce(${totals.n}, 0)`;
    return window(
      db
        .select({ id: projects.id, sortKey: key.as('sort_key') })
        .from(projects)
        .leftJoin(totals, eq(totals.projectId, projects.id))
        .$dynamic(),
      key,
    ).as('page');
  }
  const key = SORT_KEYS[query.sort];
  return window(
    db
      .select({ id: projects.id, sortKey: sql`${key}`.as('sort_key') })
      .from(projects)
      .$dynamic(),
    key,
  ).as('page');
}

// For the page's rows only, through the memberships (project_id, user_id) index.
const memberCount = sql<number>`(select count(*)::int from ${memberships} where ${memberships.projectId} = ${projects.id})`;

/**
 * One page of the platform's projects: searched (name, key, requester email, whatever the
 * case), filtered by status, sorted, and the total matching. Two queries whatever the page
 * holds: the page with its requesters and member counts, and the count.
 */
export async function listProjects(db: Db, query: ProjectListQuery): Promise<ProjectList> {
  const where = filters(db, query);
  const order = query.dir === 'asc' ? asc : desc;
  const page = pageIds(db, query, where);
  const rows = db
    .select({
      id: projects.id,
      key: projects.key,
      name: projects.name,
      status: projects.status,
      createdAt: projects.createdAt,
      extensions: projects.extensions,
      requesterId: users.id,
      requesterName: users.name,
      requesterEmail: users.email,
      members: memberCount,
    })
    .from(page)
    .innerJoin(projects, eq(projects.id, page.id))
    .leftJoin(users, eq(users.id, projects.createdBy))
    .orderBy(order(page.sortKey), order(page.id));
  const total = db.select({ n: count() }).from(projects).where(where);
  const [items, [{ n }]] = await Promise.all([rows, total]);
  return {
    items: items.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      status: r.status,
      createdAt: new Date(r.createdAt).toISOString(),
      requester: r.requesterId ? { id: r.requesterId, name: r.requesterName!, email: r.requesterEmail! } : null,
      members: Number(r.members),
      extensions: r.extensions,
    })),
    total: n,
    page: query.page,
    size: query.size,
  };
}
