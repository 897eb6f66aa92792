import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attentionFor, type AttentionProvider } from '@/lib/dashboard/attention';
import { projects } from '@/lib/projects/tables';
import { invitations } from '@/lib/users/invitation-tables';
import { testDb } from './helpers/db';

let db: Awaited<ReturnType<typeof testDb>>;
let projectId: string;
let otherId: string;
beforeAll(async () => {
  db = await testDb();
  [{ id: projectId }, { id: otherId }] = await db.db
    .insert(projects)
    .values([
      { key: 'attention', name: 'Attention', status: 1 },
      { key: 'elsewhere', name: 'Elsewhere', status: 1 },
    ])
    .returning({ id: projects.id });
});
afterAll(async () => db.cleanup());

const hour = 3600_000;
let n = 0;
function invitation(project: string, over: Partial<typeof invitations.$inferInsert> = {}) {
  n += 1;
  return { projectId: project, email: `guest-${n}@example.test`, tokenHash: `hash-${n}`, expiresAt: new Date(Date.now() + hour), ...over };
}

const viewerOfUsers = { isRoot: false, permissions: ['USERS__VIEW'] };

describe('what needs attention', () => {
  it('is empty when nothing waits', async () => {
    expect(await attentionFor(db.db, projectId, viewerOfUsers)).toEqual([]);
  });

  it('counts the project’s open invitations only: not accepted, revoked, expired or another project’s', async () => {
    await db.db
      .insert(invitations)
      .values([
        invitation(projectId),
        invitation(projectId),
        invitation(projectId, { acceptedAt: new Date() }),
        invitation(projectId, { revokedAt: new Date() }),
        invitation(projectId, { expiresAt: new Date(Date.now() - hour) }),
        invitation(otherId),
      ]);
    expect(await attentionFor(db.db, projectId, viewerOfUsers)).toEqual([{ key: 'pendingInvitations', route: 'users', count: 2 }]);
    expect(await attentionFor(db.db, otherId, viewerOfUsers)).toEqual([{ key: 'pendingInvitations', route: 'users', count: 1 }]);
  });

  it('shows a provider only to profiles holding its permissions (an isRoot profile holds all)', async () => {
    expect(await attentionFor(db.db, projectId, { isRoot: false, permissions: ['BOARDS__VIEW'] })).toEqual([]);
    expect((await attentionFor(db.db, projectId, { isRoot: true, permissions: [] })).map((i) => i.count)).toEqual([2]);
  });

  it('keeps the providers’ order and drops zero counts', async () => {
    const fixed = (key: string, count: number): AttentionProvider => ({ key, permissions: [], route: 'dashboard', count: async () => count });
    const items = await attentionFor(db.db, projectId, viewerOfUsers, [fixed('b', 3), fixed('none', 0), fixed('a', 1)]);
    expect(items.map((i) => [i.key, i.count])).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
  });
});
