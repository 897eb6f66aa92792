import { eq } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { isUuid } from '../auth/refresh-token';
import { sendTemplate } from '../mail/service';
import { pathFor } from '../routes/match';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { projects } from './tables';
import { announceGrants } from '../realtime/pubsub';

export const PROJECT_STATUS = { pending: 0, enabled: 1, disabled: 2 } as const;

/**
 * Root's review of a project: enable or disable it. Members of a disabled project are
 * disconnected on their next request, because every call re-reads the project's status.
 * The requester hears about the change by email.
 */
export async function updateProjectStatus(db: Db, actor: Actor, projectId: string, status: number) {
  if (!isUuid(projectId)) throw new HttpError(404, 'notFound');
  const changed = await db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update').limit(1);
    if (!project) throw new HttpError(404, 'notFound');
    if (project.status === status) return null;
    await tx.update(projects).set({ status, updatedAt: new Date() }).where(eq(projects.id, projectId));
    await audit(
      tx,
      { ...actor, projectId },
      { action: 'project.status', target: { type: 'project', id: projectId }, data: { from: project.status, to: status } },
    );
    return project;
  });
  if (changed) announceGrants({ projectId });
  if (changed?.createdBy && status !== PROJECT_STATUS.pending) {
    const [requester] = await db
      .select({ name: users.name, email: users.email, disabledAt: users.disabledAt, language: users.language })
      .from(users)
      .where(eq(users.id, changed.createdBy));
    if (requester && !requester.disabledAt) {
      const locale = userLocale(requester);
      if (status === PROJECT_STATUS.enabled)
        await sendTemplate(db, requester.email, 'projectEnabled', locale, { name: requester.name, project: changed.name, link: pathFor('dashboard', locale) });
      else await sendTemplate(db, requester.email, 'projectDisabled', locale, { name: requester.name, project: changed.name });
    }
  }
  return { id: projectId, status };
}
