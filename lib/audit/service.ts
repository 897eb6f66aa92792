import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { auditLog, type AuditEntry } from './tables';

/** What the log records; a dotted `subject.verb` so the root console can filter by either. */
export type AuditAction =
  | 'project.request'
  | 'project.status'
  | 'project.settings'
  | 'project.extensions'
  | 'project.adminEnter'
  | 'project.adminExit'
  | 'user.disable'
  | 'user.enable'
  | 'user.confirmationResent'
  | 'content.create'
  | 'content.update'
  | 'content.delete'
  | 'content.order'
  | 'email.test'
  | 'profile.create'
  | 'profile.update'
  | 'profile.delete'
  | 'member.invite'
  | 'member.invitationRevoke'
  | 'member.join'
  | 'member.profiles'
  | 'member.status'
  | 'member.remove'
  | `invoice.${'create' | 'update' | 'send' | 'void' | 'view' | 'payment' | 'paymentConfirm' | 'paymentReject' | 'transfer' | 'quote' | 'providerUpdate' | 'settings' | 'recurring' | 'stopRecurring' | 'reminder' | 'billing'}`
  | 'photomagik.credits'
  | 'photomagik.apiKey'
  | `varket.${'planCreate' | 'planUpdate' | 'planDelete' | 'sellerCreate' | 'sellerUpdate' | 'sellerDelete' | 'sale' | 'refund' | 'settings'}`;

/** Who acted, where and from which address. */
export type Actor = { userId: string | null; projectId: string | null; ip?: string | null };

export type AuditRecord = {
  action: AuditAction;
  target?: { type: string; id: string };
  /** What changed: small values only (names, ids, before/after), never secrets. */
  data?: Record<string, unknown>;
};

/** Appends one entry. Pass the transaction that made the change, so both land or neither does. */
export async function audit(db: Db | Tx, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    projectId: actor.projectId,
    actorId: actor.userId,
    action: record.action,
    targetType: record.target?.type ?? null,
    targetId: record.target?.id ?? null,
    data: record.data ?? {},
    ip: actor.ip ?? null,
  });
}

/**
 * Newest first (insertion order), filtered by project, actor and action. `before` is the
 * last entry's id of the previous page.
 */
export async function listAudit(
  db: Db,
  filter: { projectId?: string; actorId?: string; action?: string; before?: string; limit?: number },
): Promise<AuditEntry[]> {
  if (filter.before !== undefined && !isUuid(filter.before)) return [];
  const where: SQL[] = [];
  if (filter.projectId) where.push(eq(auditLog.projectId, filter.projectId));
  if (filter.actorId) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.before) where.push(sql`${auditLog.seq} < (select a.seq from audit_log a where a.id = ${filter.before})`);
  return db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(Math.min(filter.limit ?? 50, 200));
}
