import { beforeAll, describe, expect, it } from 'vitest';
import { GET as auditRoute } from '@/app/api/root/audit/route';
import { audit } from '@/lib/audit/service';
import { projects } from '@/lib/projects/tables';
import type { RootAuditEntry } from '@/lib/root/audit';
import type { Client } from './helpers/http';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
let root: Member;
let alice: Member;
let bob: Member;
let other: { id: string; key: string };

const call = (c: Client, query = '') => c.call(auditRoute, `/api/root/audit${query}`, { method: 'GET' });
async function entries(query: string): Promise<RootAuditEntry[]> {
  const res = await call(root.client, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const actions = async (query: string) => (await entries(query)).map((e) => e.action);

beforeAll(async () => {
  root = await w.signedIn({ root: true });
  alice = await w.signedIn();
  bob = await w.signedIn();
  const [row] = await w.db.insert(projects).values({ key: 'audit-other', name: 'Zeta Works', status: 1 }).returning({ id: projects.id, key: projects.key });
  other = row;
  const inA = { projectId: w.project.A.id, ip: '192.0.2.1' };
  await audit(w.db, { ...inA, userId: alice.userId }, { action: 'profile.create', target: { type: 'profile', id: 'p1' }, data: { name: 'Sales' } });
  await audit(
    w.db,
    { ...inA, userId: alice.userId },
    { action: 'profile.update', target: { type: 'profile', id: 'p1' }, data: { before: 'Sales', after: 'Sales team' } },
  );
  await audit(w.db, { projectId: w.project.B.id, userId: bob.userId }, { action: 'member.invite', target: { type: 'invitation', id: 'i1' } });
  await audit(
    w.db,
    { ...inA, userId: root.userId },
    { action: 'project.status', target: { type: 'project', id: w.project.A.id }, data: { before: 0, after: 1 } },
  );
  await audit(w.db, { projectId: other.id, userId: bob.userId }, { action: 'profile.delete', target: { type: 'profile', id: 'p9' } });
  await audit(w.db, { projectId: null, userId: root.userId }, { action: 'email.test', target: { type: 'email', id: 'e1' }, data: { to: 'x@example.com' } });
});

describe('GET /api/root/audit', () => {
  it('lists newest first with actor and project joined', async () => {
    const all = await entries('');
    expect(all.slice(0, 3).map((e) => e.action)).toEqual(['email.test', 'profile.delete', 'project.status']);
    expect(all[0].project).toBeNull();
    const [status] = all.filter((e) => e.action === 'project.status');
    expect(status).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      action: 'project.status',
      target: { type: 'project', id: w.project.A.id },
      data: { before: 0, after: 1 },
      ip: '192.0.2.1',
      actor: { id: root.userId, name: expect.any(String), email: root.email },
      project: { id: w.project.A.id, key: w.project.A.key, name: 'Matrix A' },
    });
  });

  it("filters by a project's id, key or name", async () => {
    expect(await actions(`?projectId=${w.project.A.id}`)).toEqual(['project.status', 'profile.update', 'profile.create']);
    expect(await actions(`?project=${w.project.A.id.toUpperCase()}`)).toEqual(['project.status', 'profile.update', 'profile.create']);
    expect(await actions(`?project=${encodeURIComponent(w.project.B.key.toUpperCase())}`)).toEqual(['member.invite']);
    expect(await actions('?project=zeta')).toEqual(['profile.delete']);
    expect(await actions('?project=no-such-project')).toEqual([]);
  });

  it("filters by the actor's id or email", async () => {
    expect(await actions(`?actorId=${bob.userId}`)).toEqual(['profile.delete', 'member.invite']);
    expect(await actions(`?actor=${encodeURIComponent(alice.email.toUpperCase())}`)).toEqual(['profile.update', 'profile.create']);
    expect(await actions(`?actor=${root.userId}`)).toEqual(['email.test', 'project.status']);
  });

  it('filters by a full action or a subject prefix, combined with the other filters', async () => {
    expect(new Set(await actions('?action=profile.create'))).toEqual(new Set(['profile.create']));
    expect(new Set(await actions('?action=profile.'))).toEqual(new Set(['profile.create', 'profile.update', 'profile.delete']));
    expect(await actions(`?action=profile.&projectId=${w.project.A.id}`)).toEqual(['profile.update', 'profile.create']);
    expect(await actions(`?action=profile.&actorId=${bob.userId}`)).toEqual(['profile.delete']);
  });

  it('pages with the `next` cursor until it is null', async () => {
    const query = `?projectId=${w.project.A.id}&limit=2`;
    const first = await call(root.client, query);
    expect(first.body.data.map((e: RootAuditEntry) => e.action)).toEqual(['project.status', 'profile.update']);
    expect(first.body.next).toBe(first.body.data[1].id);
    const second = await call(root.client, `${query}&before=${first.body.next}`);
    expect(second.body.data.map((e: RootAuditEntry) => e.action)).toEqual(['profile.create']);
    expect(second.body.next).toBeNull();
  });

  it('refuses malformed ids, actions and limits with the field named; an unknown id gives nothing', async () => {
    for (const [query, field] of [
      ['?projectId=nope', 'projectId'],
      ['?actorId=123', 'actorId'],
      ['?before=abc', 'before'],
      ['?action=profile.fly', 'action'],
      ['?action=nothing.', 'action'],
      ['?action=profile', 'action'],
      ['?limit=0', 'limit'],
      ['?limit=1000', 'limit'],
      ['?limit=ten', 'limit'],
    ]) {
      const res = await call(root.client, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.data.fields), query).toEqual([field]);
    }
    expect(await entries(`?projectId=${crypto.randomUUID()}`)).toEqual([]);
    expect(await entries(`?before=${crypto.randomUUID()}`)).toEqual([]);
  });

  it('is for root only: a project owner gets 403', async () => {
    const owner = await w.memberOf('A', 'root');
    const res = await call(owner.client, `?projectId=${w.project.A.id}`);
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ fields: {} });
  });
});
