import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatConversations, chatMembers } from '@/lib/chats/tables';
import type { ConversationView } from '@/lib/chats/types';
import { membershipProfiles, memberships, profiles } from '@/lib/projects/tables';
import { chatApi, setupChatBus } from './helpers/chats';
import { setupWorld, type Member, type ProjectName } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();

const TEAM = ['CHATS__TEAM'];
let n = 0;
const name = (base = 'Channel') => `${base} ${(n += 1)}`;
const api = (m: Member) => chatApi(m.client);

async function team(project: ProjectName = 'A') {
  return w.memberOf(project, TEAM);
}
async function conversationCount() {
  const [row] = await w.db.select({ n: count() }).from(chatConversations);
  return row.n;
}
const ids = (list: ConversationView[]) => list.map((c) => c.id);

describe('channels', () => {
  it('a public channel is open to the whole team and announced to CHATS__TEAM', async () => {
    const [a, b, supportOnly] = [await team(), await team(), await w.memberOf('A', ['CHATS__SUPPORT'])];
    await bus.take();
    const res = await api(a).create({ kind: 'channel', name: '  Ventas 2026 ', topic: 'Numbers' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const channel = res.body.data.conversation as ConversationView;
    expect(channel).toMatchObject({ kind: 'channel', title: 'Ventas 2026', topic: 'Numbers', isPrivate: false, unread: 0, lastMessage: null });

    const [event] = await bus.take('chat:conversation');
    expect(event.audience).toEqual({ projectId: w.project.A.id, perms: ['CHATS__TEAM'] });
    expect(event.d).toEqual({ channel: 'USER', projectId: w.project.A.id, conversationId: channel.id });

    expect(ids((await api(b).list()).body.data.conversations)).toContain(channel.id);
    expect((await api(b).get(channel.id)).body.data).toMatchObject({ conversation: { id: channel.id }, members: [] });
    // Support staff pass the route but not the team's conversations.
    expect(ids((await api(supportOnly).list()).body.data.conversations)).not.toContain(channel.id);
    expect((await api(supportOnly).get(channel.id)).status).toBe(404);
    expect((await api(supportOnly).create({ kind: 'channel', name: name() })).status).toBe(403);
  });

  it('refuses a second channel of the same name, whatever its case, naming the field', async () => {
    const a = await team();
    const first = name('Dup');
    expect((await api(a).create({ kind: 'channel', name: first })).status).toBe(201);
    const before = await conversationCount();
    const res = await api(a).create({ kind: 'channel', name: first.toUpperCase() });
    expect(res.status).toBe(409);
    expect(Object.keys(res.body.data.fields)).toEqual(['name']);
    expect(await conversationCount()).toBe(before);
  });

  it('bad input is a 400 naming the field, with nothing written', async () => {
    const a = await team();
    const before = await conversationCount();
    const cases: [unknown, string][] = [
      [{ kind: 'channel', name: '' }, 'name'],
      [{ kind: 'channel', name: 'x'.repeat(81) }, 'name'],
      [{ kind: 'channel', name: '<script>' }, 'name'],
      [{ kind: 'channel', name: name(), isPrivate: 'yes' }, 'isPrivate'],
      [{ kind: 'channel', name: name(), isPrivate: true, memberIds: ['nope'] }, 'memberIds.0'],
      [{ name: name() }, 'kind'],
      [{ kind: 'group', name: name() }, 'kind'],
      [{ kind: 'direct' }, 'userId'],
    ];
    for (const [json, field] of cases) {
      const res = await api(a).create(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.data.fields, JSON.stringify(json)).toHaveProperty([field]);
    }
    expect(await conversationCount()).toBe(before);
  });

  it('a private channel is for its members only; they add team members and leave; the creator removes', async () => {
    const [a, b, c, d] = [await team(), await team(), await team(), await team()];
    await bus.take();
    const res = await api(a).create({ kind: 'channel', name: name('Secret'), isPrivate: true, memberIds: [b.userId, b.userId, a.userId] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.conversation.id as string;
    const [created] = await bus.take('chat:conversation');
    expect(created.audience.projectId).toBe(w.project.A.id);
    expect(created.audience.perms).toBeUndefined();
    expect([...created.audience.users!].sort()).toEqual([a.userId, b.userId].sort());

    expect(ids((await api(c).list()).body.data.conversations)).not.toContain(id);
    expect((await api(c).get(id)).status).toBe(404);
    const detail = await api(b).get(id);
    expect(detail.body.data.members.map((m: { id: string }) => m.id).sort()).toEqual([a.userId, b.userId].sort());

    // A member brings c in; c now sees it.
    expect((await api(b).addMembers(id, [c.userId, d.userId])).status).toBe(200);
    expect((await bus.take('chat:conversation'))[0].audience.users).toHaveLength(4);
    expect((await api(c).get(id)).status).toBe(200);

    // Only the creator removes others; anyone may leave.
    expect((await api(b).removeMember(id, c.userId)).status).toBe(403);
    expect((await api(c).removeMember(id, c.userId)).status).toBe(200);
    const [left] = await bus.take('chat:conversation');
    expect(left.audience.users).toContain(c.userId);
    expect((await api(c).get(id)).status).toBe(404);
    expect((await api(a).removeMember(id, d.userId)).status).toBe(200);
    expect((await api(a).removeMember(id, d.userId)).status).toBe(404);
    const rows = await w.db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.conversationId, id));
    expect(rows.map((r) => r.userId).sort()).toEqual([a.userId, b.userId].sort());
  });

  it('only active team staff can be members: others are refused with nothing written', async () => {
    const [a, b] = [await team(), await team()];
    const plain = await w.memberOf('A', ['BOARDS__VIEW']);
    const other = await team('B');
    const inactive = await team();
    await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, inactive.membershipId!));
    const before = await conversationCount();
    for (const stranger of [plain, other, inactive]) {
      const res = await api(a).create({ kind: 'channel', name: name(), isPrivate: true, memberIds: [b.userId, stranger.userId] });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual({ memberIds: expect.any(String) });
    }
    expect(await conversationCount()).toBe(before);

    const { body } = await api(a).create({ kind: 'channel', name: name(), isPrivate: true });
    expect((await api(a).addMembers(body.data.conversation.id, [plain.userId])).body.data.fields).toHaveProperty('userIds');
    // Public channels have no member list to change.
    const open = await api(a).create({ kind: 'channel', name: name() });
    expect((await api(a).addMembers(open.body.data.conversation.id, [b.userId])).status).toBe(400);
  });

  it('renames a channel and sets or clears its topic; support-only changes are refused', async () => {
    const [a, b] = [await team(), await team()];
    const id = (await api(a).create({ kind: 'channel', name: name(), topic: 'Old' })).body.data.conversation.id as string;
    await bus.take();
    const renamed = name('Renamed');
    const res = await api(b).patch(id, { name: renamed, topic: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.conversation).toMatchObject({ title: renamed, topic: '' });
    expect((await bus.take('chat:conversation')).map((e) => e.d)).toEqual([{ channel: 'USER', projectId: w.project.A.id, conversationId: id }]);

    expect((await api(a).patch(id, { status: 'resolved' })).body.data.fields).toHaveProperty('status');
    const taken = (await api(a).create({ kind: 'channel', name: name() })).body.data.conversation.title as string;
    expect((await api(a).patch(id, { name: taken })).status).toBe(409);
    expect((await api(a).get(id)).body.data.conversation.title).toBe(renamed);
  });
});

describe('direct conversations', () => {
  it('are found or created once per pair, and only the pair sees them', async () => {
    const [a, b, c] = [await team(), await team(), await team()];
    await bus.take();
    const first = await api(a).create({ kind: 'direct', userId: b.userId });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const direct = first.body.data.conversation as ConversationView;
    expect(direct).toMatchObject({ kind: 'direct', other: { id: b.userId }, isPrivate: false });
    const [event] = await bus.take('chat:conversation');
    expect([...event.audience.users!].sort()).toEqual([a.userId, b.userId].sort());

    const again = await api(a).create({ kind: 'direct', userId: b.userId.toUpperCase() });
    expect(again.status).toBe(200);
    expect(again.body.data.conversation.id).toBe(direct.id);
    const reverse = await api(b).create({ kind: 'direct', userId: a.userId });
    expect(reverse.status).toBe(200);
    expect(reverse.body.data.conversation).toMatchObject({ id: direct.id, other: { id: a.userId } });
    expect(await bus.take('chat:conversation')).toEqual([]);

    expect((await api(c).get(direct.id)).status).toBe(404);
    expect(ids((await api(c).list({ kind: 'team' })).body.data.conversations)).not.toContain(direct.id);
    expect(ids((await api(b).list({ kind: 'team' })).body.data.conversations)).toContain(direct.id);
  });

  it('needs another active team member of the project: a permission from any held profile counts', async () => {
    const a = await team();
    const plain = await w.memberOf('A', ['BOARDS__VIEW']);
    const other = await team('B');
    expect((await api(a).create({ kind: 'direct', userId: a.userId })).body.data.fields).toHaveProperty('userId');
    for (const target of [plain, other]) {
      const res = await api(a).create({ kind: 'direct', userId: target.userId });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual({ userId: expect.any(String) });
    }
    // A second profile holding CHATS__TEAM makes `plain` one of the team.
    const [extra] = await w.db
      .insert(profiles)
      .values({ projectId: w.project.A.id, name: name('Chat profile'), permissions: TEAM })
      .returning();
    await w.db.insert(membershipProfiles).values({ membershipId: plain.membershipId!, profileId: extra.id });
    expect((await api(a).create({ kind: 'direct', userId: plain.userId })).status).toBe(201);
    expect((await api(a).people({ q: plain.email })).body.data.people.map((p: { id: string }) => p.id)).toEqual([plain.userId]);
  });
});

describe('people and isolation', () => {
  it('lists the active team staff of the project only', async () => {
    const [a, b] = [await team(), await team()];
    const plain = await w.memberOf('A', ['BOARDS__VIEW']);
    const owner = await w.memberOf('A', 'root');
    const other = await team('B');
    const res = await api(a).people();
    expect(res.status).toBe(200);
    const found = res.body.data.people.map((p: { id: string }) => p.id);
    expect(found).toEqual(expect.arrayContaining([a.userId, b.userId, owner.userId]));
    expect(found).not.toContain(plain.userId);
    expect(found).not.toContain(other.userId);
    expect(res.body.data.people[0]).toEqual({ id: expect.any(String), name: expect.any(String), avatar: null });
    expect((await api(a).people({ q: b.email.slice(0, 14).toUpperCase() })).body.data.people.map((p: { id: string }) => p.id)).toContain(b.userId);
    expect((await api(a).people({ q: '%' })).body.data.people).toEqual([]);
  });

  it("another project's conversation is a 404 everywhere; a member without the chat permissions gets 403", async () => {
    const a = await team();
    const ownerOfB = await w.memberOf('B', 'root');
    const foreign = (await api(ownerOfB).create({ kind: 'channel', name: name('B only') })).body.data.conversation.id as string;
    expect((await api(a).get(foreign)).status).toBe(404);
    expect((await api(a).patch(foreign, { topic: 'x' })).status).toBe(404);
    expect((await api(a).messages(foreign)).status).toBe(404);
    expect((await api(a).send(foreign, 'hello')).status).toBe(404);
    expect((await api(a).read(foreign, 1)).status).toBe(404);
    expect((await api(a).get('not-a-uuid')).status).toBe(404);
    expect(ids((await api(a).list()).body.data.conversations)).not.toContain(foreign);

    const plain = await w.memberOf('A', ['BOARDS__VIEW']);
    expect((await api(plain).list()).status).toBe(403);
    expect((await api(plain).create({ kind: 'channel', name: name() })).status).toBe(403);
    expect((await api(plain).people()).status).toBe(403);
  });
});
