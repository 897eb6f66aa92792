import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commitMessage } from '@/lib/chats/commit';
import { chatConversations, chatMessages, chatReads } from '@/lib/chats/tables';
import { rateLimits } from '@/lib/http/tables';
import { TYPING_COALESCE_MS } from '@/lib/chats/socket';
import type { ChatTypingEvent, MessageView } from '@/lib/chats/types';
import { memoryPubSub, postgresPubSub, setPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { accountsDb } from './helpers/accounts';
import { chatApi } from './helpers/chats';
import { multipart } from './helpers/http';
import { connected, socketServer, type SocketServer, type TestSocket } from './helpers/sockets';
import { buildWorld, type Member, type World } from './matrix/world';

// The chat's send path under load: messages that arrive together are committed together
// (one transaction, one conversation update and read mark), each still acknowledged in
// order; a client key makes a retried send find its message instead of making another;
// the socket can send as the API does; typing is gathered per conversation.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;
let server: SocketServer;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  bus = handle.databaseUrl ? postgresPubSub(handle.databaseUrl) : memoryPubSub();
  await (bus as unknown as { ready?: Promise<void> }).ready;
  setPubSub(bus);
  server = await socketServer(bus);
}, 60_000);

afterAll(async () => {
  await server?.close();
  setPubSub(undefined);
  await bus?.close();
  await handle?.cleanup();
});

const api = (m: Member) => chatApi(m.client);
let rooms = 0;

async function channelOf(owner: Member): Promise<string> {
  const res = await api(owner).create({ kind: 'channel', name: `Send ${(rooms += 1)}` });
  expect(res.status).toBe(201);
  return res.body.data.conversation.id;
}

const post = (m: Member, id: string, json: Record<string, unknown>) => api(m).send(id, multipart(json, []));

/** The driver under drizzle (PGlite's client or pg's pool): every statement passes its `query`, prepared ones included. */
type Driver = { query: (...args: unknown[]) => Promise<unknown> };
const textOf = (args: unknown[]) => (typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? ''));
/** The batch written at once, as one statement outside a transaction (insertLocked). */
const isAtOnce = (args: unknown[]) => textOf(args).startsWith('with "locked"');

/** Puts `around` in the driver's way until the returned function is called; several stack. */
function intercept(around: (args: unknown[], run: () => Promise<unknown>) => Promise<unknown>): () => void {
  const client = (handle.db as unknown as { $client: Driver }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, 'query');
  const previous = client.query;
  client.query = (...args: unknown[]) => around(args, () => previous.apply(client, args));
  return () => {
    if (own) client.query = previous;
    else delete (client as Partial<Driver>).query;
  };
}

/** Counts the batches written from now: at once (one statement) and the long way (a transaction). */
function countBatches() {
  let atOnce = 0;
  const restore = intercept((args, run) => {
    if (isAtOnce(args)) atOnce += 1;
    return run();
  });
  const transactions = vi.spyOn(handle.db, 'transaction');
  return {
    done() {
      const long = transactions.mock.calls.length;
      restore();
      transactions.mockRestore();
      return { atOnce, long, all: atOnce + long };
    },
  };
}

/** The next batch written at once runs, and its answer is then lost as a dropped connection loses it. */
function loseNextAnswer(): () => void {
  let lost = false;
  return intercept(async (args, run) => {
    const result = await run();
    if (lost || !isAtOnce(args)) return result;
    lost = true;
    throw new Error('Connection terminated unexpectedly');
  });
}

const projectA = () => w.project.A.id;

async function rowsOf(conversationId: string) {
  return handle.db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(chatMessages.seq);
}

let ts = 0;
/** A socket request and its reply. */
async function request(socket: TestSocket, e: string, d: unknown) {
  const id = `r${(ts += 1)}`;
  socket.send({ __ts: id, e, d });
  return socket.next((f) => f.__ts === id);
}

describe('group commit', () => {
  it('commits messages that arrive together in fewer transactions, each acknowledged with its own seq', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const counting = countBatches();
    const bodies = Array.from({ length: 20 }, (_, i) => `burst ${i}`);
    const answers = await Promise.all(bodies.map((body) => api(a).send(id, body)));
    const batches = counting.done().all;
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 201));
    const sent = answers.map((r) => r.body.data.message as MessageView);
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(bodies.length / 2);
    // Every answer is its own message, with the seq it was saved under.
    expect(new Set(sent.map((m) => m.id)).size).toBe(bodies.length);
    const rows = await rowsOf(id);
    expect(new Map(rows.map((r) => [r.id, r.seq]))).toEqual(new Map(sent.map((m) => [m.id, m.seq])));
    expect(rows.map((r) => r.body).sort()).toEqual([...bodies].sort());
    // The conversation moved once to the newest, and the author's mark with it.
    const newest = rows[rows.length - 1].seq;
    const [conversation] = await handle.db.select().from(chatConversations).where(eq(chatConversations.id, id));
    expect(conversation.lastMessageSeq).toBe(newest);
    const [read] = await handle.db.select().from(chatReads).where(eq(chatReads.conversationId, id));
    expect(read).toMatchObject({ userId: a.userId, lastReadSeq: newest });
  });

  it('numbers the messages of one batch in the order they were handed in', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const author = { id: a.userId, name: 'A', avatar: null };
    const counting = countBatches();
    const bodies = Array.from({ length: 10 }, (_, i) => `in order ${i}`);
    const committed = await Promise.all(
      bodies.map((body) => commitMessage(handle.db, { conversationId: id, projectId: projectA(), side: 'staff', author, body, attachments: [], locale: 'en' })),
    );
    // Plain text from the staff side: one statement, no transaction around it.
    expect(counting.done()).toEqual({ atOnce: 1, long: 0, all: 1 });
    const seqs = committed.map((c) => c.message.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect((await rowsOf(id)).map((r) => r.body)).toEqual(bodies);
  });

  it("has the bus await the batch's events while it is being committed, on the embedded database", async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const author = { id: a.userId, name: 'A', avatar: null };
    const seen: (boolean | undefined)[] = [];
    const restore = intercept((args, run) => {
      if (isAtOnce(args)) seen.push(bus.awaiting?.());
      return run();
    });
    await commitMessage(handle.db, { conversationId: id, projectId: projectA(), side: 'staff', author, body: 'awaited', attachments: [], locale: 'en' });
    restore();
    // Released once the batch is done, and a turn later no longer awaited.
    for (const _ of [1, 2]) await new Promise((resolve) => setImmediate(resolve));
    // Between instances (PostgreSQL) the events come back by notification: nothing is awaited.
    expect(seen).toEqual([handle.databaseUrl ? undefined : true]);
    expect(bus.awaiting?.()).toBe(handle.databaseUrl ? undefined : false);
  });

  it('refuses a batch whose answer was lost after the statement ran, and never writes it twice', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const author = { id: a.userId, name: 'A', avatar: null };
    // The connection drops after the database committed the statement, before its answer came.
    const restore = loseNextAnswer();
    const counting = countBatches();
    const sent = commitMessage(handle.db, { conversationId: id, projectId: projectA(), side: 'staff', author, body: 'once', attachments: [], locale: 'en' });
    // Drizzle wraps the driver's error, as it does a real one.
    await expect(sent).rejects.toMatchObject({ cause: { message: 'Connection terminated unexpectedly' } });
    expect(counting.done()).toMatchObject({ long: 0 });
    restore();
    expect((await rowsOf(id)).map((r) => r.body)).toEqual(['once']);
  });

  it("moves each author's read mark to their own last message of the batch, in every conversation of it", async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const b = await w.memberOf('A', ['CHATS__TEAM']);
    const [one, two] = [await channelOf(a), await channelOf(a)];
    const person = (m: typeof a, name: string) => ({ id: m.userId, name, avatar: null });
    const draft = (conversationId: string, m: typeof a, body: string) => ({
      conversationId,
      projectId: projectA(),
      side: 'staff' as const,
      author: person(m, body),
      body,
      attachments: [],
      locale: 'en' as const,
    });
    const counting = countBatches();
    const [a1, b1, a2, a3, b2] = await Promise.all([
      commitMessage(handle.db, draft(one, a, 'a1')),
      commitMessage(handle.db, draft(one, b, 'b1')),
      commitMessage(handle.db, draft(one, a, 'a2')),
      commitMessage(handle.db, draft(two, a, 'a3')),
      commitMessage(handle.db, draft(two, b, 'b2')),
    ]);
    expect(counting.done().all).toBe(1);
    const marks = await handle.db
      .select()
      .from(chatReads)
      .where(inArray(chatReads.conversationId, [one, two]));
    const markOf = (conversationId: string, m: typeof a) => marks.find((r) => r.conversationId === conversationId && r.userId === m.userId)?.lastReadSeq;
    expect(markOf(one, a)).toBe(a2.message.seq);
    expect(markOf(one, b)).toBe(b1.message.seq);
    expect(markOf(two, a)).toBe(a3.message.seq);
    expect(markOf(two, b)).toBe(b2.message.seq);
    expect(a1.conversation.lastMessageSeq).toBe(a2.message.seq);
    expect(b2.conversation.lastMessageSeq).toBe(b2.message.seq);
  });

  it("runs the statement built for one batch again for the next of its shape, with that batch's own values", async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const b = await w.memberOf('B', ['CHATS__TEAM']);
    const [inA, inB] = [await channelOf(a), await channelOf(b)];
    const send = (m: Member, conversationId: string, projectId: string, body: string) =>
      commitMessage(handle.db, {
        conversationId,
        projectId,
        side: 'staff',
        author: { id: m.userId, name: body, avatar: null },
        body,
        clientKey: 'same key',
        attachments: [],
        locale: 'en',
        counted: true,
      });
    const counting = countBatches();
    const first = await send(a, inA, projectA(), 'first');
    const second = await send(b, inB, w.project.B.id, 'second');
    expect(counting.done()).toEqual({ atOnce: 2, long: 0, all: 2 });
    const fieldsOf = ({ message: m }: { message: typeof first.message }) => [m.body, m.authorId, m.conversationId, m.projectId, m.clientKey];
    expect([first, second].map(fieldsOf)).toEqual([
      ['first', a.userId, inA, projectA(), 'same key'],
      ['second', b.userId, inB, w.project.B.id, 'same key'],
    ]);
    expect((await rowsOf(inB)).map((r) => [r.body, r.authorId])).toEqual([['second', b.userId]]);
    expect(second.conversation).toMatchObject({ id: inB, projectId: w.project.B.id, lastMessageSeq: second.message.seq });
    // Each author's own window was counted, once.
    const keys = [a, b].map((m) => `chatMessages:${m.userId}`);
    const windows = await handle.db.select().from(rateLimits).where(inArray(rateLimits.key, keys));
    expect(new Map(windows.map((r) => [r.key, r.points]))).toEqual(new Map(keys.map((k) => [k, 1])));
  });

  it('writes a conversation named with the wrong project in its own project, the long way', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const counting = countBatches();
    const author = { id: a.userId, name: 'A', avatar: null };
    const { message } = await commitMessage(handle.db, {
      conversationId: id,
      projectId: w.project.B.id,
      side: 'staff',
      author,
      body: 'where?',
      attachments: [],
      locale: 'en',
    });
    // Refused at once, with nothing kept; then written where the conversation is.
    expect(counting.done()).toEqual({ atOnce: 1, long: 1, all: 2 });
    expect(message.projectId).toBe(projectA());
    expect((await rowsOf(id)).map((r) => [r.body, r.projectId])).toEqual([['where?', projectA()]]);
  });

  it("sends a customer's message the long way, where it can reopen its support conversation", async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const counting = countBatches();
    const author = { id: a.userId, name: 'A', avatar: null };
    await commitMessage(handle.db, { conversationId: id, projectId: projectA(), side: 'customer', author, body: 'hello', attachments: [], locale: 'en' });
    expect(counting.done()).toEqual({ atOnce: 0, long: 1, all: 1 });
  });

  it('one message that cannot go fails alone: the others of its batch are saved', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const [kept, doomed] = [await channelOf(a), await channelOf(a)];
    await handle.db.delete(chatConversations).where(eq(chatConversations.id, doomed));
    const author = { id: a.userId, name: 'A', avatar: null };
    const draft = (conversationId: string, body: string) => ({
      conversationId,
      projectId: projectA(),
      side: 'staff' as const,
      author,
      body,
      attachments: [],
      locale: 'en' as const,
    });
    const results = await Promise.allSettled([
      commitMessage(handle.db, draft(kept, 'stays 1')),
      commitMessage(handle.db, draft(doomed, 'lost')),
      commitMessage(handle.db, draft(kept, 'stays 2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    expect((await rowsOf(kept)).map((r) => r.body)).toEqual(['stays 1', 'stays 2']);
    expect(await rowsOf(doomed)).toEqual([]);
  });
});

describe('client keys', () => {
  it('a send retried with its key returns the same message and makes no second one, even when both arrive at once', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const first = await post(a, id, { body: 'only once', clientKey: 'key-0001-aaaa' });
    const again = await post(a, id, { body: 'only once', clientKey: 'key-0001-aaaa' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.message.id).toBe(first.body.data.message.id);
    const together = await Promise.all([post(a, id, { body: 'twin', clientKey: 'key-0002-bbbb' }), post(a, id, { body: 'twin', clientKey: 'key-0002-bbbb' })]);
    expect(together[0].body.data.message.id).toBe(together[1].body.data.message.id);
    expect((await rowsOf(id)).map((r) => r.body)).toEqual(['only once', 'twin']);
  });

  it('keys belong to their author: another person using the same key makes their own message', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const mine = await post(a, id, { body: 'from a', clientKey: 'shared-key-01' });
    const theirs = await post(b, id, { body: 'from b', clientKey: 'shared-key-01' });
    expect(theirs.body.data.message.id).not.toBe(mine.body.data.message.id);
    expect((await rowsOf(id)).map((r) => r.body)).toEqual(['from a', 'from b']);
  });

  // Another instance commits the same key while this batch waits for the conversation's
  // lock: the batch's lookup of earlier keys was read before the wait, so the insert meets
  // the unique index, and the batch is tried again and finds that message.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a key committed elsewhere while the batch waited for its lock is found, not doubled', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const other = new pg.Client({ connectionString: handle.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from chat_conversations where id = $1 for update', [id]);
      const [conversation] = await handle.db.select().from(chatConversations).where(eq(chatConversations.id, id));
      const inserted = await other.query(
        "insert into chat_messages (conversation_id, project_id, author_id, body, client_key) values ($1, $2, $3, 'sent elsewhere', 'race-key-0001') returning id",
        [id, conversation.projectId, a.userId],
      );
      const sending = post(a, id, { body: 'sent elsewhere', clientKey: 'race-key-0001' });
      // Committed only once the send is waiting for the lock. Asked in a statement of its own:
      // inside the other transaction, pg_stat_activity would answer from its first snapshot.
      const waiting = async () =>
        (
          await handle.db.execute<{ n: number }>(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%from "chat_conversations"%'`,
          )
        ).rows[0].n;
      for (let i = 0; i < 200 && (await waiting()) === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waiting()).toBe(1);
      await other.query('commit');
      const res = await sending;
      expect(res.status).toBe(201);
      expect(res.body.data.message.id).toBe(inserted.rows[0].id);
      expect((await rowsOf(id)).map((r) => r.body)).toEqual(['sent elsewhere']);
    } finally {
      await other.end();
    }
  });

  it('refuses a malformed key by its field, saving nothing', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    for (const clientKey of ['short', 'x'.repeat(65), 'has spaces in it']) {
      const res = await post(a, id, { body: 'never', clientKey });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['clientKey']);
    }
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('sending over the socket', () => {
  it('chat:send saves and announces the message as the API does, and the API with the same key finds it', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const [socketA, socketB] = [await connected(server, a.client), await connected(server, b.client)];
    const reply = await request(socketA, 'chat:send', { conversationId: id, body: 'over the socket', clientKey: 'sock-key-0001' });
    expect(reply.error).toBeUndefined();
    const message = (reply.d as { message: MessageView }).message;
    expect(message).toMatchObject({ conversationId: id, body: 'over the socket', author: { id: a.userId } });
    const event = await socketB.next((f) => f.e === 'chat:message');
    expect((event.d as { message: MessageView }).message.id).toBe(message.id);
    // The reply was lost, say: the browser sends the same message through the API.
    const retried = await post(a, id, { body: 'over the socket', clientKey: 'sock-key-0001' });
    expect(retried.body.data.message.id).toBe(message.id);
    expect((await rowsOf(id)).length).toBe(1);
    for (const s of [socketA, socketB]) s.ws.close();
  });

  it('refuses what the API would: bad input, a conversation out of reach, an empty message', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const outsider = await w.memberOf('B', ['CHATS__TEAM']);
    const [socketA, socketOut] = [await connected(server, a.client), await connected(server, outsider.client)];
    expect((await request(socketA, 'chat:send', { conversationId: 'nope', body: 'x' })).error?.message).toBe('Invalid input');
    expect((await request(socketA, 'chat:send', { conversationId: id, body: 'x'.repeat(4001) })).error?.message).toBe('Invalid input');
    expect((await request(socketA, 'chat:send', { conversationId: id, body: '   ' })).error?.message).toBe('Refused');
    expect((await request(socketOut, 'chat:send', { conversationId: id, body: 'sneaking in' })).error?.message).toBe('Not found');
    expect(await rowsOf(id)).toEqual([]);
    for (const s of [socketA, socketOut]) s.ws.close();
  });
});

// Both send paths keep what never changes about a conversation after its first send; what can
// change still refuses the very next send.
describe('sending again to a conversation already sent to', () => {
  it('refuses it on both paths once it is deleted', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const id = await channelOf(a);
    const socket = await connected(server, a.client);
    expect((await post(a, id, { body: 'before' })).status).toBe(201);
    expect((await request(socket, 'chat:send', { conversationId: id, body: 'before too' })).error).toBeUndefined();
    await handle.db.delete(chatConversations).where(eq(chatConversations.id, id));
    expect((await post(a, id, { body: 'after' })).status).toBe(404);
    expect((await api(a).send(id, 'after, as text')).status).toBe(404);
    expect((await request(socket, 'chat:send', { conversationId: id, body: 'after too' })).error?.message).toBe('Not found');
    expect(await rowsOf(id)).toEqual([]);
    socket.ws.close();
  });

  it("refuses a private channel's member on both paths once they are removed from it", async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const created = await api(a).create({ kind: 'channel', name: `Send ${(rooms += 1)}`, isPrivate: true, memberIds: [b.userId] });
    const id = created.body.data.conversation.id as string;
    const socket = await connected(server, b.client);
    expect((await post(b, id, { body: 'while a member' })).status).toBe(201);
    expect((await request(socket, 'chat:send', { conversationId: id, body: 'still a member' })).error).toBeUndefined();
    expect((await api(a).removeMember(id, b.userId)).status).toBe(200);
    expect((await post(b, id, { body: 'removed' })).status).toBe(404);
    expect((await request(socket, 'chat:send', { conversationId: id, body: 'removed too' })).error?.message).toBe('Not found');
    expect((await rowsOf(id)).map((r) => r.body)).toEqual(['while a member', 'still a member']);
    socket.ws.close();
  });
});

describe('typing in a crowd', () => {
  it('gathers everyone who typed within a second into one event for the conversation', async () => {
    const [a, b, c, d] = [
      await w.memberOf('A', ['CHATS__TEAM']),
      await w.memberOf('A', ['CHATS__TEAM']),
      await w.memberOf('A', ['CHATS__TEAM']),
      await w.memberOf('A', ['CHATS__TEAM']),
    ];
    const id = await channelOf(a);
    const sockets = await Promise.all([a, b, c, d].map((m) => connected(server, m.client)));
    const [socketA, socketB, socketC, socketD] = sockets;
    const started = Date.now();
    await request(socketA, 'chat:typing', { conversationId: id });
    const first = await socketD.next((f) => f.e === 'chat:typing');
    expect((first.d as ChatTypingEvent).users.map((u) => u.id)).toEqual([a.userId]);
    // Two more within the second: held, then one event naming both.
    await request(socketB, 'chat:typing', { conversationId: id });
    await request(socketC, 'chat:typing', { conversationId: id });
    const second = await socketD.next((f) => f.e === 'chat:typing' && f !== first);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TYPING_COALESCE_MS - 50);
    expect((second.d as ChatTypingEvent).users.map((u) => u.id).sort()).toEqual([b.userId, c.userId].sort());
    expect(socketD.frames.filter((f) => f.e === 'chat:typing')).toHaveLength(2);
    for (const s of sockets) s.ws.close();
  });
});
