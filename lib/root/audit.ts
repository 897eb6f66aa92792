import { and, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { auditLog } from '../audit/tables';
import { isUuid } from '../auth/refresh-token';
import type { Db } from '../db/client';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import { PAGE_DEFAULT, type AuditQuery } from './console-schemas';
import { containsPattern } from '../db/like';

/** One entry as the root console shows it: who and which project, by name, not just by id. */
export type RootAuditEntry = {
  id: string;
  createdAt: string;
  action: string;
  target: { type: string; id: string | null } | null;
  data: Record<string, unknown>;
  ip: string | null;
  /** Null when the action had no signed-in actor or the user was deleted since. */
  actor: { id: string; name: string; email: string } | null;
  project: { id: string; key: string; name: string } | null;
};

export type AuditPage = { entries: RootAuditEntry[]; next: string | null };

/** LIKE treats % and _ as wildcards; typed text means them literally. */

// Typed text becomes a condition on the column it names: an id exactly, else a part of the text.
function projectMatch(text: string): SQL {
  if (isUuid(text)) return eq(auditLog.projectId, text.toLowerCase());
  const found = or(ilike(projects.key, containsPattern(text)), ilike(projects.name, containsPattern(text)));
  return inArray(auditLog.projectId, sql`(select ${projects.id} from ${projects} where ${found})`);
}

function actorMatch(text: string): SQL {
  if (isUuid(text)) return eq(auditLog.actorId, text.toLowerCase());
  return inArray(auditLog.actorId, sql`(select ${users.id} from ${users} where ${ilike(users.email, containsPattern(text))})`);
}

/**
 * The whole log, newest first (insertion order), with actor and project joined. `action` is
 * a full action or a subject prefix ("project."). `next` is the id to pass as `before` for
 * the following page, or null on the last one.
 */
export async function listRootAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const limit = Math.trunc(query.limit ?? PAGE_DEFAULT);
  const where: SQL[] = [];
  if (query.projectId) where.push(eq(auditLog.projectId, query.projectId));
  if (query.actorId) where.push(eq(auditLog.actorId, query.actorId));
  if (query.project) where.push(projectMatch(query.project));
  if (query.actor) where.push(actorMatch(query.actor));
  if (query.action) where.push(query.action.endsWith('.') ? like(auditLog.action, `${query.action}%`) : eq(auditLog.action, query.action));
  if (query.before) where.push(sql`${auditLog.seq} < coalesce((select a.seq from audit_log a where a.id = ${query.before}), 0)`);
  // One row beyond the page says whether another page exists.
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      data: auditLog.data,
      ip: auditLog.ip,
      actorId: users.id,
      actorName: users.name,
      actorEmail: users.email,
      projectId: projects.id,
      projectKey: projects.key,
      projectName: projects.name,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(projects, eq(projects.id, auditLog.projectId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      action: r.action,
      target: r.targetType ? { type: r.targetType, id: r.targetId } : null,
      data: r.data,
      ip: r.ip,
      actor: r.actorId ? { id: r.actorId, name: r.actorName!, email: r.actorEmail! } : null,
      project: r.projectId ? { id: r.projectId, key: r.projectKey!, name: r.projectName! } : null,
    })),
    next: rows.length > limit ? page[page.length - 1].id : null,
  };
}
