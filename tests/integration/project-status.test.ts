import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as updateStatus } from '@/app/api/auth/projects/updateStatus/route';
import { POST as session } from '@/app/api/auth/session/route';
import { auditLog } from '@/lib/audit/tables';
import { latestEmailTo } from '@/lib/mail/service';
import { projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { setupWorld } from './matrix/world';

const w = setupWorld();

async function pendingProjectOf(userId: string) {
  const [row] = await w.db
    .insert(projects)
    .values({ key: `p-${crypto.randomUUID().slice(0, 8)}`, name: 'Acme Studio', status: 0, createdBy: userId })
    .returning();
  return row;
}

describe('POST /api/auth/projects/updateStatus', () => {
  it('root enables a pending project: status saved, audited, requester emailed in their language', async () => {
    const requester = await w.signedIn();
    await w.db.update(users).set({ language: 'es' }).where(eq(users.id, requester.userId));
    const project = await pendingProjectOf(requester.userId);
    const root = await w.signedIn({ root: true });
    const res = await root.client.call(updateStatus, '/api/auth/projects/updateStatus', { json: { projectId: project.id, status: 1, root: true } });
    expect(res.status).toBe(200);
    expect(res.body.data.project).toEqual({ id: project.id, status: 1 });
    const [saved] = await w.db.select().from(projects).where(eq(projects.id, project.id));
    expect(saved.status).toBe(1);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, project.id), eq(auditLog.action, 'project.status')));
    expect(entry).toMatchObject({ actorId: root.userId, data: { from: 0, to: 1 } });
    const mail = await latestEmailTo(w.db, requester.email, 'projectEnabled');
    expect(mail?.subject).toContain('Acme Studio');
    expect(mail?.locale).toBe('es');
  });

  it('disabling disconnects the members on their next call', async () => {
    const member = await w.memberOf('B', 'root');
    expect((await member.client.call(session, '/api/auth/session')).body.project.id).toBe(w.project.B.id);
    const root = await w.signedIn({ root: true });
    expect((await root.client.call(updateStatus, '/x', { json: { projectId: w.project.B.id, status: 2 } })).status).toBe(200);
    expect((await member.client.call(session, '/api/auth/session')).body.project).toBeNull();
    await root.client.call(updateStatus, '/x', { json: { projectId: w.project.B.id, status: 1 } });
  });

  it('refuses non-root callers, even a project owner, and changes nothing', async () => {
    const requester = await w.signedIn();
    const project = await pendingProjectOf(requester.userId);
    const owner = await w.memberOf('A', 'root');
    const res = await owner.client.call(updateStatus, '/x', { json: { projectId: project.id, status: 1 } });
    expect(res.status).toBe(403);
    const [saved] = await w.db.select().from(projects).where(eq(projects.id, project.id));
    expect(saved.status).toBe(0);
  });

  it('rejects bad input with field errors, and unknown projects with 404', async () => {
    const root = await w.signedIn({ root: true });
    const bad = await root.client.call(updateStatus, '/x', { json: { projectId: 'nope', status: 7 }, headers: { 'accept-language': 'es' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['projectId', 'status']);
    const missing = await root.client.call(updateStatus, '/x', { json: { projectId: crypto.randomUUID(), status: 1 } });
    expect(missing.status).toBe(404);
  });
});
