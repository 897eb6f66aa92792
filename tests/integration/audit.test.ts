import { describe, expect, it } from 'vitest';
import { audit, listAudit } from '@/lib/audit/service';
import { setupWorld } from './matrix/world';

// The log the root console reads: newest first, filtered, paged.
const w = setupWorld();

describe('audit log', () => {
  it('filters by project, actor and action, newest first, and pages by id', async () => {
    const alice = await w.signedIn();
    const bob = await w.signedIn();
    const a = { userId: alice.userId, projectId: w.project.A.id, ip: '127.0.0.1' };
    await audit(w.db, a, { action: 'profile.create', target: { type: 'profile', id: 'p1' }, data: { name: 'One' } });
    await audit(w.db, a, { action: 'profile.update', target: { type: 'profile', id: 'p1' } });
    await audit(w.db, { userId: bob.userId, projectId: w.project.B.id }, { action: 'profile.create', target: { type: 'profile', id: 'p2' } });

    const inA = await listAudit(w.db, { projectId: w.project.A.id });
    expect(inA.map((e) => e.action)).toEqual(['profile.update', 'profile.create']);
    expect(inA[1]).toMatchObject({ actorId: alice.userId, targetType: 'profile', targetId: 'p1', data: { name: 'One' }, ip: '127.0.0.1' });
    expect((await listAudit(w.db, { actorId: bob.userId })).map((e) => e.projectId)).toEqual([w.project.B.id]);
    expect(await listAudit(w.db, { action: 'profile.create', projectId: w.project.B.id })).toHaveLength(1);
    // Page by page with the last id as the cursor: every entry once, in order.
    const first = await listAudit(w.db, { projectId: w.project.A.id, limit: 1 });
    const second = await listAudit(w.db, { projectId: w.project.A.id, limit: 1, before: first[0].id });
    const third = await listAudit(w.db, { projectId: w.project.A.id, limit: 1, before: second[0].id });
    expect([...first, ...second].map((e) => e.id)).toEqual(inA.map((e) => e.id));
    expect(third).toEqual([]);
    expect(await listAudit(w.db, { before: 'not-an-id' })).toEqual([]);
  });
});
