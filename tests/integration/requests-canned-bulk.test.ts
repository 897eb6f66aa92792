import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emails } from '@/lib/mail/tables';
import { CANNED_MAX } from '@/lib/requests/limits';
import { requestCannedReplies, requests } from '@/lib/requests/tables';
import type { CannedReply, RequestSummary } from '@/lib/requests/types';
import { setupChatBus } from './helpers/chats';
import { requestsApi } from './helpers/requests';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
setupChatBus();
const api = (m: Member) => requestsApi(m.client);
const STAFF = ['REQUESTS__VIEW', 'REQUESTS__CREATE', 'REQUESTS__UPDATE'];

async function opened(count: number, project: 'A' | 'B' = 'A'): Promise<{ user: Member; ids: string[] }> {
  const user = await w.memberOf(project, []);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api(user).open({ projectId: w.project[project].id, subject: `Bulk ${i}`, type: 'question', body: 'Hello' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.request.id);
  }
  return { user, ids };
}

const statusesOf = async (ids: string[]) =>
  (await w.db.select({ id: requests.id, status: requests.status, assigneeId: requests.assigneeId }).from(requests).where(inArray(requests.id, ids))).sort(
    (a, b) => ids.indexOf(a.id) - ids.indexOf(b.id),
  );

describe('canned replies', () => {
  it('are managed under SETTINGS__UPDATE and read by whoever answers requests', async () => {
    const admin = await w.memberOf('A', ['SETTINGS__UPDATE']);
    const agent = await w.memberOf('A', ['REQUESTS__VIEW', 'REQUESTS__UPDATE']);
    const viewer = await w.memberOf('A', ['REQUESTS__VIEW']);
    const made = await api(admin).addCanned({ title: '  Welcome ', body: 'Hi {{name}}, {{agent}} from {{project}} here.' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.reply).toMatchObject({ title: 'Welcome', body: 'Hi {{name}}, {{agent}} from {{project}} here.' });
    expect(made.body.message).toContain('Welcome');
    const id = made.body.data.reply.id as string;
    // Placeholders are kept as written: the composer fills them.
    const read = await api(agent).canned();
    expect(read.status).toBe(200);
    expect((read.body.data.replies as CannedReply[]).map((r) => r.id)).toEqual([id]);
    expect((await api(viewer).canned()).status).toBe(403);
    expect((await api(agent).addCanned({ title: 'Mine', body: 'x' })).status).toBe(403);
    expect((await api(agent).editCanned(id, { title: 'Mine', body: 'x' })).status).toBe(403);
    expect((await api(agent).removeCanned(id)).status).toBe(403);

    const edited = await api(admin).editCanned(id, { title: 'Hello', body: 'Hello {{name}}' });
    expect(edited.status).toBe(200);
    expect(edited.body.data.reply).toMatchObject({ id, title: 'Hello', body: 'Hello {{name}}' });
    expect((await api(admin).removeCanned(id)).status).toBe(200);
    expect((await api(admin).canned()).body.data.replies).toEqual([]);
    expect((await api(admin).removeCanned(id)).status).toBe(404);
  });

  it('refuses invalid input and changes nothing; another project’s reply is a 404', async () => {
    const admin = await w.memberOf('A', ['SETTINGS__UPDATE']);
    const adminB = await w.memberOf('B', ['SETTINGS__UPDATE']);
    const bad = await api(admin).addCanned({ title: '', body: 'x'.repeat(10_001) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['body', 'title']);
    const kept = await api(adminB).addCanned({ title: 'B only', body: 'Text' });
    const idB = kept.body.data.reply.id as string;
    expect((await api(admin).editCanned(idB, { title: 'Taken', body: 'Taken' })).status).toBe(404);
    expect((await api(admin).removeCanned(idB)).status).toBe(404);
    expect((await api(admin).editCanned('not-a-uuid', { title: 'x', body: 'x' })).status).toBe(404);
    const badEdit = await api(adminB).editCanned(idB, { title: 'x'.repeat(101), body: 'Changed' });
    expect(badEdit.status).toBe(400);
    const [row] = await w.db.select().from(requestCannedReplies).where(eq(requestCannedReplies.id, idB));
    expect(row).toMatchObject({ title: 'B only', body: 'Text', projectId: w.project.B.id });
    expect((await api(admin).canned()).body.data.replies.map((r: CannedReply) => r.id)).not.toContain(idB);
  });

  it('stops at the per-project cap', async () => {
    const admin = await w.memberOf('B', ['SETTINGS__UPDATE']);
    const have = (await api(admin).canned()).body.data.replies.length as number;
    await w.db
      .insert(requestCannedReplies)
      .values(Array.from({ length: CANNED_MAX - have }, (_, i) => ({ projectId: w.project.B.id, title: `Fill ${i}`, body: 'x' })));
    const over = await api(admin).addCanned({ title: 'One more', body: 'x' });
    expect(over.status).toBe(409);
    await w.db.delete(requestCannedReplies).where(eq(requestCannedReplies.projectId, w.project.B.id));
  });
});

describe('assignees', () => {
  it('lists the project’s active members who can read requests, by name, for those who assign; details no longer carry them', async () => {
    const agent = await w.memberOf('A', ['REQUESTS__VIEW', 'REQUESTS__UPDATE']);
    const reader = await w.memberOf('A', ['REQUESTS__VIEW']);
    const other = await w.memberOf('A', ['BOARDS__VIEW']);
    const inB = await w.memberOf('B', ['REQUESTS__VIEW']);
    const res = await api(agent).assignees();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const people = res.body.data.assignees as { id: string; name: string }[];
    const ids = people.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([agent.userId, reader.userId]));
    expect(ids).not.toContain(other.userId);
    expect(ids).not.toContain(inB.userId);
    expect(new Set(ids).size).toBe(ids.length);
    // Names only: no addresses for a picker.
    expect(Object.keys(people[0]).sort()).toEqual(['id', 'name']);
    expect(people.map((p) => p.name)).toEqual([...people.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));
    // Reading requests is not enough: the list is for whoever may assign.
    expect((await api(reader).assignees()).status).toBe(403);

    const { ids: opened1 } = await opened(1);
    const detail = await api(agent).get(opened1[0]);
    expect(detail.status).toBe(200);
    expect(detail.body.data).not.toHaveProperty('assignees');
  });
});

describe('bulk actions', () => {
  it('assigns, changes the status and closes in one call each', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, ids } = await opened(3);
    const assign = await api(staff).bulk({ ids, action: 'assign', assigneeId: staff.userId });
    expect(assign.status, JSON.stringify(assign.body)).toBe(200);
    expect(assign.body.data.count).toBe(3);
    expect((await statusesOf(ids)).map((r) => r.assigneeId)).toEqual([staff.userId, staff.userId, staff.userId]);
    expect((await api(staff).bulk({ ids: [ids[0]], action: 'assign', assigneeId: null })).status).toBe(200);
    expect((await statusesOf(ids))[0].assigneeId).toBeNull();

    expect((await api(staff).bulk({ ids, action: 'status', status: 'pending' })).status).toBe(200);
    expect((await statusesOf(ids)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
    const closed = await api(staff).bulk({ ids: ids.slice(0, 2), action: 'close' });
    expect(closed.status).toBe(200);
    expect((await statusesOf(ids)).map((r) => r.status)).toEqual(['closed', 'closed', 'pending']);
    // Closing solves them: the requester is asked to rate each one, once.
    const mails = await w.db.select().from(emails).where(eq(emails.to, user.email));
    expect(mails.filter((m) => m.kind === 'requestSolved')).toHaveLength(2);
    const list = (await api(staff).list({ status: 'closed', size: 100 })).body.data.items as RequestSummary[];
    expect(list.filter((r) => ids.includes(r.id))).toHaveLength(2);
  });

  it('is all or nothing: another project’s id, a closed request or a bad transition change none', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { ids } = await opened(2);
    const { ids: inB } = await opened(1, 'B');
    const before = await statusesOf(ids);
    const foreign = await api(staff).bulk({ ids: [...ids, inB[0]], action: 'close' });
    expect(foreign.status).toBe(404);
    expect(await statusesOf(ids)).toEqual(before);
    expect((await statusesOf(inB))[0].status).toBe('new');

    await api(staff).patch(ids[0], { status: 'resolved' });
    // resolved → pending is not a transition: the other request stays new too.
    const stuck = await api(staff).bulk({ ids, action: 'status', status: 'pending' });
    expect(stuck.status).toBe(409);
    expect((await statusesOf(ids)).map((r) => r.status)).toEqual(['resolved', 'new']);
    await api(staff).patch(ids[0], { status: 'closed' });
    const onClosed = await api(staff).bulk({ ids, action: 'assign', assigneeId: staff.userId });
    expect(onClosed.status).toBe(409);
    expect((await statusesOf(ids))[1].assigneeId).toBeNull();
  });

  it('validates the body and the assignee', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, ids } = await opened(1);
    const cases: [unknown, string][] = [
      [{ ids: [], action: 'close' }, 'ids'],
      [{ ids: ['nope'], action: 'close' }, 'ids.0'],
      [{ ids, action: 'explode' }, 'action'],
      [{ ids, action: 'status' }, 'status'],
      [{ ids, action: 'status', status: 'gone' }, 'status'],
      [{ ids, action: 'assign' }, 'assigneeId'],
      [{ ids: Array.from({ length: 101 }, () => crypto.randomUUID()), action: 'close' }, 'ids'],
    ];
    for (const [body, field] of cases) {
      const res = await api(staff).bulk(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data.fields), JSON.stringify(body)).toContain(field);
    }
    const notStaff = await api(staff).bulk({ ids, action: 'assign', assigneeId: user.userId });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.data.fields).toHaveProperty('assigneeId');
    expect((await statusesOf(ids))[0]).toMatchObject({ status: 'new', assigneeId: null });
    const reader = await w.memberOf('A', ['REQUESTS__VIEW']);
    expect((await api(reader).bulk({ ids, action: 'close' })).status).toBe(403);
    expect(
      (await w.anonymous().call((await import('@/app/api/requests/bulk/route')).POST, '/api/requests/bulk', { json: { ids, action: 'close' } })).status,
    ).toBe(401);
    expect((await statusesOf(ids))[0].status).toBe('new');
  });
});
