import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNREAD_CAP } from '@/lib/chats/reads';
import { chatConversations, chatMessages, chatReads } from '@/lib/chats/tables';
import type { MessageView } from '@/lib/chats/types';
import { chatApi, setupChatBus } from './helpers/chats';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();

let n = 0;
const api = (m: Member) => chatApi(m.client);
const team = () => w.memberOf('A', ['CHATS__TEAM']);

async function channel(owner: Member, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api(owner).create({ kind: 'channel', name: `Room ${(n += 1)}`, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.conversation.id;
}
async function say(m: Member, conversationId: string, body: string): Promise<MessageView> {
  const res = await api(m).send(conversationId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.message;
}
async function messageCount(conversationId: string) {
  const [row] = await w.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
  return row.n;
}
const bodies = (list: MessageView[]) => list.map((m) => m.body);

describe('sending', () => {
  it('stores the trimmed text, moves the conversation on, counts it read for its author and announces it', async () => {
    const [a, b] = [await team(), await team()];
    const id = await channel(a);
    await bus.take();
    const message = await say(a, id, '  hello team  ');
    expect(message).toMatchObject({
      body: 'hello team',
      conversationId: id,
      author: { id: a.userId, avatar: null },
      attachments: [],
      editedAt: null,
      deleted: false,
    });

    const [row] = await w.db.select().from(chatConversations).where(eq(chatConversations.id, id));
    expect(row.lastMessageSeq).toBe(message.seq);
    expect(row.lastMessageAt?.toISOString()).toBe(message.createdAt);
    const [read] = await w.db
      .select()
      .from(chatReads)
      .where(and(eq(chatReads.conversationId, id), eq(chatReads.userId, a.userId)));
    expect(read.lastReadSeq).toBe(message.seq);

    const [event] = await bus.take('chat:message');
    expect(event.audience).toEqual({ projectId: w.project.A.id, perms: ['CHATS__TEAM'] });
    expect(event.d).toEqual({ channel: 'USER', projectId: w.project.A.id, conversationId: id, message });

    const listed = (await api(b).list()).body.data.conversations.find((c: { id: string }) => c.id === id);
    expect(listed).toMatchObject({
      lastMessage: { body: 'hello team', authorName: message.author!.name, createdAt: message.createdAt },
      lastMessageSeq: message.seq,
      unread: 1,
    });
  });

  it('refuses an empty or too long text, naming the field, with nothing written', async () => {
    const a = await team();
    const id = await channel(a);
    for (const body of ['   ', '', 'x'.repeat(4001)]) {
      const res = await api(a).send(id, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['body']);
    }
    expect(await messageCount(id)).toBe(0);
    expect((await api(a).send(id, 'é'.repeat(4000))).status).toBe(201);
  });
});

describe('history', () => {
  it('pages backwards with before, catches up with after, and says when more lies beyond', async () => {
    const a = await team();
    const id = await channel(a);
    const sent: MessageView[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await say(a, id, `m${i}`));

    const newest = (await api(a).messages(id, { limit: 3 })).body.data;
    expect(bodies(newest.messages)).toEqual(['m5', 'm6', 'm7']);
    expect(newest.hasMore).toBe(true);
    const older = (await api(a).messages(id, { before: newest.messages[0].seq, limit: 3 })).body.data;
    expect(bodies(older.messages)).toEqual(['m2', 'm3', 'm4']);
    expect(older.hasMore).toBe(true);
    const oldest = (await api(a).messages(id, { before: older.messages[0].seq, limit: 3 })).body.data;
    expect(oldest).toEqual({ messages: [sent[0]], hasMore: false });

    const caughtUp = (await api(a).messages(id, { after: sent[1].seq, limit: 4 })).body.data;
    expect(bodies(caughtUp.messages)).toEqual(['m3', 'm4', 'm5', 'm6']);
    expect(caughtUp.hasMore).toBe(true);
    expect((await api(a).messages(id, { after: sent[6].seq })).body.data).toEqual({ messages: [], hasMore: false });
    // The default page holds all seven.
    expect((await api(a).messages(id)).body.data.messages).toHaveLength(7);
  });

  it('refuses bad cursors and limits, naming the field', async () => {
    const a = await team();
    const id = await channel(a);
    const cases: [Record<string, string | number>, string][] = [
      [{ before: 5, after: 2 }, 'after'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ before: 'abc' }, 'before'],
      [{ after: '1.5' }, 'after'],
    ];
    for (const [query, field] of cases) {
      const res = await api(a).messages(id, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual([field]);
    }
  });
});

describe('editing and deleting', () => {
  it('the author edits and deletes their own; others who read it get 403, others 404', async () => {
    const [a, b] = [await team(), await team()];
    const outsider = await w.memberOf('B', ['CHATS__TEAM']);
    const id = await channel(a);
    const message = await say(a, id, 'first draft');
    await bus.take();

    const edited = await api(a).edit(message.id, ' final ');
    expect(edited.status).toBe(200);
    expect(edited.body.data.message).toMatchObject({ id: message.id, body: 'final', seq: message.seq, editedAt: expect.any(String) });
    const [updated] = await bus.take('chat:messageUpdated');
    expect(updated.d).toMatchObject({ channel: 'USER', conversationId: id, message: { id: message.id, body: 'final' } });
    expect((await api(a).edit(message.id, '')).body.data.fields).toHaveProperty('body');

    expect((await api(b).edit(message.id, 'hijack')).status).toBe(403);
    expect((await api(b).remove(message.id)).status).toBe(403);
    expect((await api(outsider).edit(message.id, 'hijack')).status).toBe(404);
    expect((await api(outsider).remove(message.id)).status).toBe(404);

    expect((await api(a).remove(message.id)).status).toBe(200);
    const [deleted] = await bus.take('chat:messageDeleted');
    expect(deleted).toMatchObject({
      audience: { projectId: w.project.A.id, perms: ['CHATS__TEAM'] },
      d: { channel: 'USER', conversationId: id, messageId: message.id },
    });
    const [kept] = (await api(b).messages(id)).body.data.messages;
    expect(kept).toMatchObject({ id: message.id, seq: message.seq, body: '', deleted: true, attachments: [] });
    expect((await api(a).edit(message.id, 'again')).status).toBe(404);
    expect((await api(a).remove(message.id)).status).toBe(404);
  });
});

describe('unread and read marks', () => {
  it('counts per conversation and in total, others’ live messages only; the mark never moves back', async () => {
    const [a, b] = [await team(), await team()];
    const room = await channel(a);
    const direct = (await api(a).create({ kind: 'direct', userId: b.userId })).body.data.conversation.id as string;
    const before = (await api(b).unread()).body.data.total as number;
    // Writing reads everything before: b's own message, then a's three.
    await say(a, room, 'zero');
    await say(b, room, 'mine does not count');
    const m1 = await say(a, room, 'one');
    const m2 = await say(a, room, 'two');
    const m3 = await say(a, room, 'three');
    await say(a, direct, 'psst');
    const gone = await say(a, direct, 'oops');
    await api(a).remove(gone.id);

    const unread = (await api(b).unread()).body.data;
    expect(unread.conversations[room]).toBe(3);
    expect(unread.conversations[direct]).toBe(1);
    expect(unread.total).toBe(before + 4);
    const list = (await api(b).list()).body.data;
    expect(list.unreadTotal).toBe(unread.total);
    expect(list.conversations.find((c: { id: string }) => c.id === room).unread).toBe(3);
    expect((await api(a).unread()).body.data.conversations[room]).toBeUndefined();

    await bus.take();
    const read = await api(b).read(room, m2.seq);
    expect(read.body.data).toEqual({ lastReadSeq: m2.seq });
    const [event] = await bus.take('chat:read');
    expect(event).toEqual({ audience: { customers: [b.userId] }, e: 'chat:read', d: { conversationId: room, lastReadSeq: m2.seq } });
    expect((await api(b).unread()).body.data.conversations[room]).toBe(1);

    expect((await api(b).read(room, m1.seq)).body.data.lastReadSeq).toBe(m2.seq);
    // Not past the newest message: a later message must still count as unread.
    const newest = (await w.db.select().from(chatConversations).where(eq(chatConversations.id, room)))[0].lastMessageSeq;
    expect((await api(b).read(room, m3.seq + 1_000_000)).body.data.lastReadSeq).toBe(newest);
    expect((await api(b).get(room)).body.data.conversation).toMatchObject({ lastReadSeq: newest, unread: 0 });

    for (const seq of ['x', -1, 1.5, null]) {
      const res = await api(b).read(room, seq);
      expect(res.status, String(seq)).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['seq']);
    }
  });

  it('stops counting a conversation at UNREAD_CAP, still skipping deleted and own messages', async () => {
    const [a, b] = [await team(), await team()];
    const room = await channel(a);
    await say(a, room, 'first');
    const [head] = await w.db.select().from(chatConversations).where(eq(chatConversations.id, room));
    // More than the cap at once, written by a (the trigger numbers them), then one by b and one deleted.
    await w.db.execute(sql`insert into chat_messages (conversation_id, project_id, author_id, body)
      select ${room}, ${head.projectId}, ${a.userId}, 'bulk ' || g from generate_series(1, ${UNREAD_CAP + 5}) g`);
    const [newest] = await w.db
      .select({ seq: sql<number>`max(seq)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, room));
    await w.db.update(chatConversations).set({ lastMessageSeq: newest.seq }).where(eq(chatConversations.id, room));
    expect((await api(b).unread()).body.data.conversations[room]).toBe(UNREAD_CAP);

    // Read up to all but three: the deleted one and b's own do not count.
    await api(b).read(room, newest.seq - 3);
    await w.db
      .update(chatMessages)
      .set({ deletedAt: new Date() })
      .where(and(eq(chatMessages.conversationId, room), eq(chatMessages.seq, newest.seq)));
    await w.db
      .update(chatMessages)
      .set({ authorId: b.userId })
      .where(and(eq(chatMessages.conversationId, room), eq(chatMessages.seq, newest.seq - 1)));
    expect((await api(b).unread()).body.data.conversations[room]).toBe(1);
  });
});

describe('cursors are the project’s own', () => {
  it('another project’s messages move none of a viewer’s cursors: seq, asOf, lastMessageSeq', async () => {
    const [a, b] = [await team(), await team()];
    const room = await channel(a);
    const ownerOfB = await w.memberOf('B', 'root');
    const elsewhere = await channel(ownerOfB);
    const first = await say(a, room, 'before B talks');
    const unreadBefore = (await api(b).unread()).body.data;
    const listBefore = (await api(b).list()).body.data;

    for (let i = 0; i < 5; i += 1) await say(ownerOfB, elsewhere, `B busy ${i}`);

    const unreadAfter = (await api(b).unread()).body.data;
    expect(unreadAfter.asOf).toBe(unreadBefore.asOf);
    expect((await api(b).list()).body.data.asOf).toBe(listBefore.asOf);
    expect((await api(b).get(room)).body.data.conversation.lastMessageSeq).toBe(first.seq);
    // The next message of A follows A's last one, however much B said meanwhile.
    const next = await say(a, room, 'after B talked');
    expect(next.seq).toBe(first.seq + 1);
    expect((await api(b).unread()).body.data.asOf).toBe(unreadBefore.asOf + 1);
    const page = (await api(b).messages(room, { after: first.seq })).body.data;
    expect(page.messages.map((m: MessageView) => m.id)).toEqual([next.id]);
    expect((await api(b).messages(room, { before: next.seq })).body.data.messages.at(-1).id).toBe(first.id);
  });
});

describe('search', () => {
  it('finds text in the conversations the viewer may see only, newest first, wildcards taken literally', async () => {
    const [a, b] = [await team(), await team()];
    const support = await w.memberOf('A', ['CHATS__TEAM', 'CHATS__SUPPORT']);
    const word = `zebra${Date.now().toString(36)}`;
    const open = await channel(a);
    const secret = await channel(b, { isPrivate: true });
    const direct = (await api(b).create({ kind: 'direct', userId: support.userId })).body.data.conversation.id as string;
    const customer = await w.memberOf('A', []);
    const ticket = (await api(customer).openSupport(w.project.A.id)).body.data.conversation.id as string;
    const ownerOfB = await w.memberOf('B', 'root');
    const foreign = await channel(ownerOfB);

    const first = await say(a, open, `the ${word} one`);
    await say(b, secret, `${word} in private`);
    await say(b, direct, `${word} in direct`);
    expect((await api(customer).supportSend(ticket, `${word} needs help`)).status).toBe(201);
    await say(ownerOfB, foreign, `${word} elsewhere`);
    const last = await say(a, open, `${word.toUpperCase()} again 50% off`);
    await say(a, open, `${word} 500 off`);
    const gone = await say(a, open, `${word} deleted`);
    await api(a).remove(gone.id);

    const mine = (await api(a).search({ q: word })).body.data.results as { message: MessageView; conversation: { id: string } }[];
    expect(mine.map((r) => r.message.body)).toEqual([`${word} 500 off`, `${word.toUpperCase()} again 50% off`, `the ${word} one`]);
    expect(mine[2]).toMatchObject({ message: { id: first.id }, conversation: { id: open, kind: 'channel' } });

    const theirs = (await api(support).search({ q: word })).body.data.results as { conversation: { id: string } }[];
    expect(new Set(theirs.map((r) => r.conversation.id))).toEqual(new Set([open, direct, ticket]));

    const literal = (await api(a).search({ q: '50%' })).body.data.results as { message: MessageView }[];
    expect(literal.map((r) => r.message.id)).toEqual([last.id]);
    expect((await api(a).search({ q: word, limit: 1 })).body.data.results).toHaveLength(1);
    for (const q of ['x', 'y'.repeat(101)]) expect(Object.keys((await api(a).search({ q })).body.data.fields)).toEqual(['q']);
  });
});
