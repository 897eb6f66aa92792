import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { StaffCtx } from './access';
import { publishChanged, publishOwn } from './events';
import type { RequestStatus } from './limits';
import { offerRating } from './rating';
import type { BulkInput } from './schemas';
import { assignableStaff, mayMove, statusFields } from './service';
import { requests, type RequestRow } from './tables';

/**
 * One action on many requests of the project, all or nothing: every id must be the
 * project's (else 404, as for one request), and every request must accept the change (a
 * closed one is read-only, a status must follow TRANSITIONS), or none changes. The rows are
 * locked in id order, so two bulk actions over the same requests cannot deadlock.
 */
export async function bulkUpdate(ctx: StaffCtx, input: BulkInput): Promise<{ count: number }> {
  const target: RequestStatus | undefined = input.action === 'close' ? 'closed' : input.action === 'status' ? input.status : undefined;
  const changed = await (ctx.db as Db).transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(requests)
      .where(and(eq(requests.projectId, ctx.project.id), inArray(requests.id, input.ids)))
      .orderBy(asc(requests.id))
      .for('update');
    if (rows.length !== input.ids.length) throw new HttpError(404, 'notFound');
    const closed = rows.find((r) => r.status === 'closed');
    if (closed) throw new HttpError(409, 'requests.bulkClosed', {}, { number: closed.number });
    if (target) {
      const stuck = rows.find((r) => !mayMove(r.status, target));
      if (stuck) throw new HttpError(409, 'requests.badTransition', { status: 'requests.badTransition' }, { from: stuck.status, to: target });
    }
    if (input.action === 'assign' && input.assigneeId) {
      const staff = await assignableStaff(tx, ctx.project.id);
      if (!staff.some((s) => s.id === input.assigneeId)) throw new HttpError(400, 'invalidInput', { assigneeId: 'requests.notStaff' });
    }
    const now = new Date();
    const out: { before: RequestRow; after: RequestRow }[] = [];
    for (const row of rows) {
      const set: Partial<RequestRow> = { updatedAt: now };
      if (input.action === 'assign') set.assigneeId = input.assigneeId ?? null;
      if (target) Object.assign(set, statusFields(row, target, now));
      const [after] = await tx.update(requests).set(set).where(eq(requests.id, row.id)).returning();
      out.push({ before: row, after });
    }
    return out;
  });
  // After the commit, as for one request: staff lists refresh, requesters hear of their status.
  for (const { before, after } of changed) {
    await publishChanged(after);
    if (after.status !== before.status) await publishOwn(after);
    await offerRating(ctx.db as Db, before, after);
  }
  return { count: changed.length };
}
