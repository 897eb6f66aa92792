import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { hasPermissions } from '../access/check';
import { cachedProjectRead } from '../auth/callers';
import { removeStored } from '../chats/attachments';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { membershipProfiles, memberships, profiles, projects } from '../projects/tables';
import { users } from '../users/tables';
import { getRequestOrThrow, type StaffCtx } from './access';
import { publishChanged, publishOwn } from './events';
import { EARLIER_MAX, TRANSITIONS, type RequestStatus } from './limits';
import type { ListQuery, RequestPatch } from './schemas';
import { NEXT_DUE, UNSOLVED } from './due';
import { offerRating, ratingOf } from './rating';
import { dueTimes } from './sla';
import { requestLinks, requestMessages, requests, type RequestRow } from './tables';
import { slaTargets } from './targets';
import type { Person, RequestDetail, RequestPage, RequestSummary } from './types';
import { selectSummaries, summaryById, summaryOf, threadOf } from './views';

// The staff side: list, detail, create (with the numbering) and change.

export { insertRequest, type NewRequest } from './numbering';

/** Active users of the project whose profiles let them read requests: whom a request may be assigned to. */
export async function assignableStaff(db: Db | Tx, projectId: string): Promise<Person[]> {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name, email: users.email, avatar: users.avatar, isRoot: profiles.isRoot, permissions: profiles.permissions })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
    .innerJoin(profiles, eq(profiles.id, membershipProfiles.profileId))
    .where(and(eq(memberships.projectId, projectId), eq(memberships.status, 1), isNull(users.disabledAt)));
  const seen = new Map<string, Person>();
  for (const r of rows) if (hasPermissions(r, ['REQUESTS__VIEW'])) seen.set(r.id, { id: r.id, name: r.name, email: r.email, avatar: r.avatar });
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** What an assignee picker shows: ids and names only, no addresses. */
export async function assigneeChoices(db: Db | Tx, projectId: string): Promise<Person[]> {
  return (await assignableStaff(db, projectId)).map(({ id, name }) => ({ id, name }));
}

const PRIORITY_RANK = sql`case ${requests.priority} when 'urgent' then 4 when 'high' then 3 when 'normal' then 2 else 1 end`;

function filters(ctx: StaffCtx, q: ListQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(requests.projectId, ctx.project.id)];
  if (q.view === 'mine') parts.push(eq(requests.assigneeId, ctx.viewer.user.id));
  if (q.view === 'unassigned') parts.push(isNull(requests.assigneeId));
  if (q.view === 'open') parts.push(UNSOLVED);
  if (q.view === 'breached') parts.push(sql`${NEXT_DUE} < now()`);
  if (q.status) parts.push(q.status === 'unsolved' ? UNSOLVED : eq(requests.status, q.status));
  if (q.priority) parts.push(eq(requests.priority, q.priority));
  if (q.tag) parts.push(sql`${requests.tags} @> ${JSON.stringify([q.tag])}::jsonb`);
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const number = /^#?\d{1,9}$/.test(q.q) ? Number(q.q.replace('#', '')) : null;
    parts.push(or(ilike(requests.subject, like), ilike(users.name, like), ilike(users.email, like), number !== null ? eq(requests.number, number) : undefined));
  }
  return and(...parts)!;
}

/** The project's requests, filtered, searched, sorted and paged in the database. */
export async function listRequests(ctx: StaffCtx, q: ListQuery): Promise<RequestPage> {
  const where = filters(ctx, q);
  const order = q.dir === 'asc' ? asc : desc;
  const key = { updated: requests.updatedAt, created: requests.createdAt, number: requests.number, priority: PRIORITY_RANK, due: NEXT_DUE }[q.sort];
  const countAll = async () =>
    (await ctx.db.select({ total: count() }).from(requests).innerJoin(users, eq(users.id, requests.requesterId)).where(where))[0].total;
  const [rows, total, tags] = await Promise.all([
    selectSummaries(ctx.db)
      .where(where)
      .orderBy(q.sort === 'due' ? sql`${NEXT_DUE} ${sql.raw(q.dir)} nulls last` : order(key), desc(requests.number))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    // Counting and listing the tags read every request of the project: both kept per project
    // until its requests change, except a search (it matches people's names too) and
    // "breached" (it moves with the clock).
    q.q || q.view === 'breached'
      ? countAll()
      : cachedProjectRead(
          ctx.db,
          ctx.project.id,
          `requestsTotal|${q.view === 'mine' ? ctx.viewer.user.id : q.view}|${q.status}|${q.priority}|${q.tag}`,
          countAll,
        ),
    cachedProjectRead(ctx.db, ctx.project.id, 'requestTags', async () => {
      const found = await ctx.db.execute<{ tag: string }>(
        sql`select distinct jsonb_array_elements_text(${requests.tags}) as tag from ${requests} where ${requests.projectId} = ${ctx.project.id} order by 1 limit 200`,
      );
      return (found.rows ?? []).map((r) => r.tag);
    }),
  ]);
  const now = new Date();
  return { items: rows.map((r) => summaryOf(r, now)), total, page: q.page, size: q.size, tags };
}

/** One request with its whole thread (notes too), the requester's other requests and the related ones. */
export async function requestDetail(ctx: StaffCtx, id: string): Promise<RequestDetail> {
  const row = await getRequestOrThrow(ctx, id);
  const brief = { id: requests.id, number: requests.number, subject: requests.subject, status: requests.status, createdAt: requests.createdAt };
  const earlier = await ctx.db
    .select(brief)
    .from(requests)
    .where(and(eq(requests.projectId, row.projectId), eq(requests.requesterId, row.requesterId), ne(requests.id, row.id)))
    .orderBy(desc(requests.number))
    .limit(EARLIER_MAX);
  const related = await ctx.db
    .select(brief)
    .from(requestLinks)
    .innerJoin(
      requests,
      or(and(eq(requestLinks.aId, row.id), eq(requests.id, requestLinks.bId)), and(eq(requestLinks.bId, row.id), eq(requests.id, requestLinks.aId))),
    )
    .where(eq(requestLinks.projectId, row.projectId))
    .orderBy(asc(requests.number));
  return {
    request: await summaryById(ctx.db, row.id),
    rating: await ratingOf(ctx.db, row.id),
    thread: await threadOf(ctx.db, row, false),
    earlier: earlier.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    related: related.map(({ id, number, subject, status }) => ({ id, number, subject, status })),
  };
}

/** Whether `to` may follow `from`; the same status is no change. */
export function mayMove(from: RequestStatus, to: RequestStatus): boolean {
  return from === to || TRANSITIONS[from].includes(to);
}

/** What a status change also sets: when it was resolved (cleared again on reopening). */
export function statusFields(row: RequestRow, to: RequestStatus, now: Date): Partial<RequestRow> {
  if (to === row.status) return {};
  if (to === 'resolved' || to === 'closed') return { status: to, resolvedAt: row.resolvedAt ?? now };
  return { status: to, resolvedAt: null };
}

/** Changes what the patch names. A closed request is read-only; a status must follow TRANSITIONS. */
export async function updateRequest(ctx: StaffCtx, id: string, patch: RequestPatch): Promise<RequestSummary> {
  const { row, after } = await (ctx.db as Db).transaction(async (tx) => {
    const row = await getRequestOrThrow({ ...ctx, db: tx }, id, true);
    if (row.status === 'closed') throw new HttpError(409, 'requests.closed');
    if (patch.status && !mayMove(row.status, patch.status))
      throw new HttpError(409, 'requests.badTransition', { status: 'requests.badTransition' }, { from: row.status, to: patch.status });
    if (patch.assigneeId) {
      const staff = await assignableStaff(tx, row.projectId);
      if (!staff.some((s) => s.id === patch.assigneeId)) throw new HttpError(400, 'invalidInput', { assigneeId: 'requests.notStaff' });
    }
    const now = new Date();
    const set: Partial<RequestRow> = { updatedAt: now };
    if (patch.subject !== undefined) set.subject = patch.subject;
    if (patch.type !== undefined) set.type = patch.type;
    if (patch.tags !== undefined) set.tags = patch.tags;
    if (patch.assigneeId !== undefined) set.assigneeId = patch.assigneeId;
    if (patch.priority !== undefined && patch.priority !== row.priority) {
      set.priority = patch.priority;
      // Due times follow the new priority, counted from when the request was opened.
      Object.assign(set, dueTimes(row.createdAt, patch.priority, await slaTargets(tx, row.projectId)));
    }
    if (patch.status) Object.assign(set, statusFields(row, patch.status, now));
    const [after] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
    return { row, after };
  });
  await publishChanged(after);
  if (after.status !== row.status) await publishOwn(after);
  await offerRating(ctx.db as Db, row, after);
  return summaryById(ctx.db, after.id);
}

/** Removes a request with its thread and links; its number is not given out again. */
export async function deleteRequest(ctx: StaffCtx, id: string): Promise<RequestRow> {
  const row = await getRequestOrThrow(ctx, id);
  const files = await ctx.db.select({ attachments: requestMessages.attachments }).from(requestMessages).where(eq(requestMessages.requestId, row.id));
  await ctx.db.delete(requests).where(eq(requests.id, row.id));
  // The rows are gone, so nobody can reach the files any more; then they go too.
  await removeStored(files.flatMap((f) => f.attachments.map((a) => a.key)));
  await publishChanged(row);
  return row;
}

/** Projects' names and keys for the requester's views. */
export async function projectBrief(db: Db | Tx, projectId: string) {
  const [p] = await db.select({ id: projects.id, key: projects.key, name: projects.name }).from(projects).where(eq(projects.id, projectId));
  return p;
}
