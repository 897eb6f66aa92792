import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '@/lib/auth/claims';
import { loadViewer } from '@/lib/auth/service';
import { createSession, revokeSession } from '@/lib/auth/sessions';
import { seed } from '@/lib/db/seed';
import { profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { testDb } from './helpers/db';
import { member } from './helpers/members';

let db: Awaited<ReturnType<typeof testDb>>;
let claims: AccessClaims;
beforeAll(async () => {
  db = await testDb();
  await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
  const row = await member(db.db, 'support@demo.test');
  const { sessionId } = await createSession(db.db, row.userId, { userAgent: 'test', ip: '127.0.0.1' });
  claims = { sub: row.userId, sid: sessionId, root: false, pid: row.projectId, ppid: row.profileId, prr: false, perms: [] };
});
afterAll(async () => db.cleanup());

describe('the viewer behind a token', () => {
  it('is read from the database, not from the token', async () => {
    const viewer = await loadViewer(db.db, { ...claims, perms: ['SETTINGS__UPDATE'] });
    expect(viewer?.user.email).toBe('support@demo.test');
    expect(viewer?.project?.key).toBe('demo');
    expect(viewer?.profile?.name).toBe('Support');
    expect(viewer?.profile?.permissions).not.toContain('SETTINGS__UPDATE');
  });

  it('loses the project when the token names a profile the member does not hold', async () => {
    const [owner] = await db.db.select().from(profiles).where(eq(profiles.name, 'Owner'));
    const viewer = await loadViewer(db.db, { ...claims, ppid: owner.id });
    expect(viewer?.project).toBeNull();
    expect(viewer?.profile).toBeNull();
  });

  it('loses the project once the project is disabled, and the user once disabled', async () => {
    await db.db.update(projects).set({ status: 2 }).where(eq(projects.key, 'demo'));
    expect((await loadViewer(db.db, claims))?.project).toBeNull();
    await db.db.update(projects).set({ status: 1 }).where(eq(projects.key, 'demo'));
    await db.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, claims.sub));
    expect(await loadViewer(db.db, claims)).toBeNull();
  });

  it('is null for an unknown user', async () => {
    expect(await loadViewer(db.db, { ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toBeNull();
  });

  it('is null once the session is revoked or for a session id that is not one', async () => {
    await db.db.update(users).set({ disabledAt: null }).where(eq(users.id, claims.sub));
    expect(await loadViewer(db.db, claims)).not.toBeNull();
    expect(await loadViewer(db.db, { ...claims, sid: 's1' })).toBeNull();
    await revokeSession(db.db, claims.sid);
    expect(await loadViewer(db.db, claims)).toBeNull();
  });
});
