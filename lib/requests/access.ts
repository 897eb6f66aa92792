import { and, eq } from 'drizzle-orm';
import { hasPermissions } from '../access/check';
import { isUuid } from '../auth/refresh-token';
import { isActiveMember } from '../chats/access';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import type { ProjectContext, SignedInContext } from '../http/route';
import { requests, type RequestRow } from './tables';

export type Conn = Db | Tx;
/** Staff calls: the active project. */
export type StaffCtx = Pick<ProjectContext, 'db' | 'project' | 'profile' | 'viewer'> & Partial<Pick<ProjectContext, 'ip' | 'locale'>>;
/** Requester calls: any signed-in user; each request is checked against them. */
export type OwnCtx = Pick<SignedInContext, 'db' | 'viewer'> & Partial<Pick<SignedInContext, 'locale'>>;

const notFound = () => new HttpError(404, 'notFound');

/** A request of the active project, optionally locked; another project's id or a malformed one is a 404. */
export async function getRequestOrThrow(ctx: Pick<StaffCtx, 'project'> & { db: Conn }, id: string, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound();
  const query = ctx.db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.projectId, ctx.project.id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

/** The viewer's own request, while they are still a user of its (enabled) project; anyone else's is a 404. */
export async function getOwnRequestOrThrow(ctx: Pick<OwnCtx, 'viewer'> & { db: Conn }, id: string, lock = false): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound();
  const query = ctx.db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.requesterId, ctx.viewer.user.id)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !(await isActiveMember(ctx.db, ctx.viewer.user.id, row.projectId))) throw notFound();
  return row;
}

/** Staff of the request's project who may read requests (the file route serves both sides). */
export function isRequestsStaff(ctx: Pick<SignedInContext, 'viewer'>, projectId: string): boolean {
  const { viewer } = ctx;
  return viewer.project?.id === projectId && hasPermissions(viewer.profile, ['REQUESTS__VIEW']);
}
