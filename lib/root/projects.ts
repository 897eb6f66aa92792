import { asc, eq } from 'drizzle-orm';
import { extensionNames, extensions as catalogue } from '../access/extensions';
import { audit, type Actor } from '../audit/service';
import { isUuid } from '../auth/refresh-token';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { projectFiles, projects, type Project } from '../projects/tables';
import { storageOf } from '../quotas/service';
import type { StorageUsage } from '../quotas/types';
import type { ExclusiveExtension } from '../settings/schemas';
import { listMembers } from '../users/members';
import { users } from '../users/tables';
import { token } from '../validation';
import type { Requester } from './project-list';

export { listProjects, type ProjectList, type ProjectRow, type Requester } from './project-list';

export type ProjectDetail = {
  project: Omit<Project, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
  requester: Requester | null;
  files: { id: string; name: string; contentType: string; size: number; createdAt: string }[];
  members: { userId: string; name: string; email: string; status: number; profiles: string[]; joinedAt: string }[];
  /** The chat attachments the project holds, against its quota. */
  storage: StorageUsage;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** The project by id, for root: 404 for an unknown or malformed id. `lock` holds the row until the transaction ends. */
export async function getProjectOrThrow(db: Db | Tx, id: string, lock = false): Promise<Project> {
  if (!isUuid(id)) throw new HttpError(404, 'notFound');
  const query = db.select().from(projects).where(eq(projects.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, 'notFound');
  return row;
}

async function requesterOf(db: Db, userId: string | null): Promise<Requester | null> {
  if (!userId) return null;
  const [row] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Everything root reviews about a project: its request, who asked, the attached files and the members. */
export async function projectDetail(db: Db, id: string): Promise<ProjectDetail> {
  const project = await getProjectOrThrow(db, id);
  const [requester, files, members, storage] = await Promise.all([
    requesterOf(db, project.createdBy),
    db
      .select({
        id: projectFiles.id,
        name: projectFiles.name,
        contentType: projectFiles.contentType,
        size: projectFiles.size,
        createdAt: projectFiles.createdAt,
      })
      .from(projectFiles)
      .where(eq(projectFiles.projectId, project.id))
      .orderBy(asc(projectFiles.createdAt), asc(projectFiles.id)),
    listMembers(db, project.id),
    storageOf(db, 'project', project.id),
  ]);
  return {
    project: { ...project, createdAt: iso(project.createdAt), updatedAt: iso(project.updatedAt) },
    requester,
    files: files.map((f) => ({ ...f, createdAt: iso(f.createdAt) })),
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      status: m.status,
      profiles: m.profiles.map((p) => p.name),
      joinedAt: m.joinedAt,
    })),
    storage,
  };
}

/**
 * Root switches one exclusive extension (varket, photomagik) on or off. The project row is
 * locked so two switches at once both count; a switch to the current state changes and
 * records nothing. The audit entry belongs to the target project, whoever's session acts.
 */
export async function setExclusiveExtension(
  db: Db,
  actor: Actor,
  projectId: string,
  extension: ExclusiveExtension,
  enabled: boolean,
): Promise<{ id: string; extensions: string[] }> {
  // The schema already allows only these; a caller in code must not slip past it either.
  if (!catalogue[extension]?.exclusive) throw new HttpError(400, 'invalidInput', { extension: token('invalid') });
  return db.transaction(async (tx) => {
    const row = await getProjectOrThrow(tx, projectId, true);
    const before = row.extensions;
    if (before.includes(extension) === enabled) return { id: row.id, extensions: before };
    const wanted = new Set(before);
    if (enabled) wanted.add(extension);
    else wanted.delete(extension);
    // Catalogue order, then anything else already stored (kept, never dropped here).
    const after = [...extensionNames.filter((n) => wanted.has(n)), ...before.filter((n) => !(extensionNames as string[]).includes(n))];
    await tx.update(projects).set({ extensions: after, updatedAt: new Date() }).where(eq(projects.id, row.id));
    await audit(
      tx,
      { ...actor, projectId: row.id },
      { action: 'project.extensions', target: { type: 'project', id: row.id }, data: { extension, enabled, before, after } },
    );
    return { id: row.id, extensions: after };
  });
}
