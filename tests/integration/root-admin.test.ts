import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as changeProfile } from '@/app/api/auth/changeProfile/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as leaveAdmin } from '@/app/api/auth/projects/leaveAdmin/route';
import { POST as loginAsAdmin } from '@/app/api/auth/projects/loginAsAdmin/route';
import { POST as refreshAccess } from '@/app/api/auth/refreshAccess/route';
import { POST as session } from '@/app/api/auth/session/route';
import { GET as listSessions } from '@/app/api/auth/sessions/route';
import { GET as listProfiles } from '@/app/api/profiles/route';
import { auditLog } from '@/lib/audit/tables';
import { sessions } from '@/lib/auth/tables';
import { projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { Client } from './helpers/http';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();

async function enter(root: Member, projectId: string) {
  return root.client.call(loginAsAdmin, '/api/auth/projects/loginAsAdmin', { json: { projectId, root: true } });
}

async function actions(userId: string, projectId: string) {
  const rows = await w.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.projectId, projectId)))
    .orderBy(auditLog.seq);
  return rows.map((r) => r.action);
}

describe('POST /api/auth/projects/loginAsAdmin', () => {
  it('connects the root to the project through its owner profile, and the project API opens to them', async () => {
    const root = await w.signedIn({ root: true });
    const res = await enter(root, w.project.A.id);
    expect(res.status).toBe(200);
    expect(res.body.project.id).toBe(w.project.A.id);
    expect(res.body.projectProfile.isRoot).toBe(true);
    expect(res.body.auth.refreshToken).toBeTruthy();
    // The cookie now carries the admin session: project routes answer as for an owner.
    const profiles = await root.client.call(listProfiles, '/api/profiles', { method: 'GET' });
    expect(profiles.status).toBe(200);
    expect(await actions(root.userId, w.project.A.id)).toEqual(['project.adminEnter']);
    // No membership was made: the root is not one of the project's users.
    const me = await root.client.call(session, '/api/auth/session');
    expect(me.body.project.id).toBe(w.project.A.id);
  });

  it('enters a pending project too (root reviews it before enabling)', async () => {
    const owner = await w.signedIn();
    const [pending] = await w.db
      .insert(projects)
      .values({ key: `pend-${crypto.randomUUID().slice(0, 8)}`, name: 'Pending', status: 0, createdBy: owner.userId })
      .returning();
    const { profiles } = await import('@/lib/projects/tables');
    await w.db.insert(profiles).values({ projectId: pending.id, name: 'Owner', isRoot: true });
    const root = await w.signedIn({ root: true });
    const res = await enter(root, pending.id);
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ id: pending.id, status: 0 });
  });

  it('refuses non-root callers (even a project owner), unknown projects and bad ids; nothing is written', async () => {
    const owner = await w.memberOf('A', 'root');
    const before = await w.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
    expect((await enter(owner, w.project.B.id)).status).toBe(403);
    expect(await w.db.select().from(sessions).where(eq(sessions.userId, owner.userId))).toHaveLength(before.length);

    const root = await w.signedIn({ root: true });
    expect((await enter(root, crypto.randomUUID())).status).toBe(404);
    const bad = await enter(root, 'nope');
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.projectId).toBeTruthy();
    expect(await w.db.select().from(sessions).where(eq(sessions.userId, root.userId))).toHaveLength(1);
  });

  it('refuses a refresh token of another session', async () => {
    const root = await w.signedIn({ root: true });
    const other = await w.signedIn({ root: true });
    const res = await root.client.call(loginAsAdmin, '/x', { json: { projectId: w.project.A.id, refreshToken: other.client.tokens!.refreshToken } });
    expect(res.status).toBe(401);
  });

  it('ends when the user stops being root', async () => {
    const root = await w.signedIn({ root: true });
    await enter(root, w.project.A.id);
    await w.db.update(users).set({ isRoot: false }).where(eq(users.id, root.userId));
    expect((await root.client.call(listProfiles, '/api/profiles', { method: 'GET' })).status).toBe(403);
    expect((await root.client.call(session, '/api/auth/session')).body.project).toBeNull();
  });
});

describe('POST /api/auth/projects/leaveAdmin', () => {
  it('returns to the root’s own session and project, audited, and the admin tokens stop working', async () => {
    const root = await w.memberOf('B', ['PROFILES__VIEW']);
    await w.db.update(users).set({ isRoot: true }).where(eq(users.id, root.userId));
    const own = root.client.tokens!;
    await enter(root, w.project.A.id);
    const admin = root.client.tokens!;
    // The device list shows one device, not the admin session beside it.
    expect((await root.client.call(listSessions, '/api/auth/sessions', { method: 'GET' })).body.sessions).toHaveLength(1);

    const res = await root.client.call(leaveAdmin, '/api/auth/projects/leaveAdmin', { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.project.id).toBe(w.project.B.id);
    expect(await actions(root.userId, w.project.A.id)).toEqual(['project.adminEnter', 'project.adminExit']);
    // The root's own refresh token was rotated on the way back; the admin session is over.
    expect(root.client.tokens!.refreshToken).not.toBe(own.refreshToken);
    expect((await root.client.call(listProfiles, '/api/profiles', { method: 'GET' })).status).toBe(200);
    const stale = await new Client().call(refreshAccess, '/x', { json: { refreshToken: admin.refreshToken } });
    expect(stale.status).toBe(401);
  });

  it('switching from one admin session to another still returns to the root’s own', async () => {
    const root = await w.signedIn({ root: true });
    await enter(root, w.project.A.id);
    await enter(root, w.project.B.id);
    expect(await actions(root.userId, w.project.A.id)).toEqual(['project.adminEnter', 'project.adminExit']);
    const back = await root.client.call(leaveAdmin, '/x', { json: {} });
    expect(back.status).toBe(200);
    expect(back.body.project).toBeNull();
    expect((await root.client.call(leaveAdmin, '/x', { json: {} })).status).toBe(409);
  });

  it('the picker is closed while acting as admin', async () => {
    const root = await w.memberOf('B', 'root');
    await w.db.update(users).set({ isRoot: true }).where(eq(users.id, root.userId));
    await enter(root, w.project.A.id);
    const res = await root.client.call(changeProfile, '/x', { json: { projectId: w.project.B.id, projectProfileId: root.profileId } });
    expect(res.status).toBe(409);
  });

  it('logging out of an admin session signs the device out entirely', async () => {
    const root = await w.signedIn({ root: true });
    const own = root.client.tokens!;
    await enter(root, w.project.A.id);
    await root.client.call(logout, '/api/auth/logout', { json: {} });
    const live = await w.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, root.userId)));
    expect(live.every((s) => s.revokedAt)).toBe(true);
    expect((await root.client.call(refreshAccess, '/x', { json: { refreshToken: own.refreshToken } })).status).toBe(401);
  });
});
