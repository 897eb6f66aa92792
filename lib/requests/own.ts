import { and, desc, eq, inArray } from 'drizzle-orm';
import { memberships, projects } from '../projects/tables';
import { PROJECT_STATUS } from '../projects/status';
import { getOwnRequestOrThrow, type OwnCtx } from './access';
import type { AskableProject } from './own-types';
import { requests } from './tables';
import type { OwnRequest, OwnRequestDetail } from './types';
import { ownRatingOf } from './rating';
import { ownOf, threadOf } from './views';

// The requester's side: only their own requests, in projects they are still a user of,
// and only the public part of each (no notes, assignee, tags or SLA).

export type { AskableProject } from './own-types';

/** Enabled projects the viewer is an active user of: where they may open requests. */
export async function askableProjects(ctx: OwnCtx): Promise<AskableProject[]> {
  return ctx.db
    .select({ id: projects.id, key: projects.key, name: projects.name })
    .from(memberships)
    .innerJoin(projects, eq(projects.id, memberships.projectId))
    .where(and(eq(memberships.userId, ctx.viewer.user.id), eq(memberships.status, 1), eq(projects.status, PROJECT_STATUS.enabled)))
    .orderBy(projects.name);
}

export async function listOwnRequests(ctx: OwnCtx): Promise<{ requests: OwnRequest[]; projects: AskableProject[] }> {
  const mine = await askableProjects(ctx);
  if (mine.length === 0) return { requests: [], projects: [] };
  const byId = new Map(mine.map((p) => [p.id, p]));
  const rows = await ctx.db
    .select()
    .from(requests)
    .where(and(eq(requests.requesterId, ctx.viewer.user.id), inArray(requests.projectId, [...byId.keys()])))
    .orderBy(desc(requests.updatedAt))
    .limit(200);
  return { requests: rows.map((r) => ownOf(r, byId.get(r.projectId)!)), projects: mine };
}

export async function ownRequestDetail(ctx: OwnCtx, id: string): Promise<OwnRequestDetail> {
  const row = await getOwnRequestOrThrow(ctx, id);
  const [project] = await ctx.db.select({ id: projects.id, key: projects.key, name: projects.name }).from(projects).where(eq(projects.id, row.projectId));
  return { request: ownOf(row, project), thread: await threadOf(ctx.db, row, true), ...(await ownRatingOf(ctx.db, row)) };
}
