import type { ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerCache } from '@/lib/auth/callers';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { staffVisible, type Seer } from '@/lib/chats/access';
import { openSupportCount } from '@/lib/chats/counts';
import { unreadCounts, type Unread } from '@/lib/chats/reads';
import { chatConversations, chatMessages } from '@/lib/chats/tables';
import type { ConversationView, MessageView } from '@/lib/chats/types';
import { dbHandle } from '@/lib/db/client';
import { profiles } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { chatApi, setupChatBus } from './helpers/chats';
import { feedSettled } from './helpers/feed';
import { onEachInstance, startInstance } from './helpers/instance';
import { buildWorld, type Member, type World } from './matrix/world';

// Unread counts and the open support count are kept by each instance (lib/chats/counts.ts)
// until the database announces a change that can move them (migration 0027). Each cause
// below is made as the product or an operator would, after the count was served from
// memory, and the very next count, here and (on PostgreSQL) on a second server process,
// must equal one counted afresh.

let handle: Awaited<ReturnType<typeof accountsDb>>;
const w = {} as World;
let child: ChildProcess | undefined;
setupChatBus({ local: true });
const READER = ['CHATS__TEAM', 'CHATS__SUPPORT'];

beforeAll(async () => {
  handle = await accountsDb();
  Object.assign(w, await buildWorld(handle.db));
  callerCache(dbHandle());
  await feedSettled();
}, 120_000);
afterAll(async () => {
  child?.stdin?.end();
  await handle?.cleanup();
});

type Counts = { unread: Unread; openSupport: number };
type Instance = { counts(m: Member): Promise<Counts>; hits(): Promise<number> };

const api = (m: Member) => chatApi(m.client);
const A = () => w.project.A.id;

const here: Instance = {
  async counts(m) {
    const res = await api(m).unread();
    expect(res.status).toBe(200);
    const grant = { isRoot: false, permissions: ['CHATS__SUPPORT'] };
    return { unread: res.body.data, openSupport: await openSupportCount(w.db, { userId: m.userId, projectId: A(), grant }) };
  },
  hits: async () => callerCache(dbHandle()).stats().hits,
};

async function startThere(): Promise<Instance> {
  const started = await startInstance('api-process.ts', { ...process.env, DATABASE_URL: handle.databaseUrl, LOG_LEVEL: 'warn' });
  child = started.child;
  const origin = `http://127.0.0.1:${started.port}`;
  return {
    async counts(m) {
      const res = await fetch(`${origin}/api/chats/unread`, { headers: { cookie: `${AUTH_COOKIE}=${m.client.cookie}` } });
      expect(res.status).toBe(200);
      const openSupport = (await (await fetch(`${origin}/open-support?project=${A()}`)).json()) as number;
      return { unread: ((await res.json()) as { data: Counts['unread'] }).data, openSupport };
    },
    hits: async () => ((await (await fetch(`${origin}/stats`)).json()) as { hits: number }).hits,
  };
}

/** Counted straight from the tables, past every cache. */
async function fresh(m: Member): Promise<Counts> {
  const [profile] = await w.db.select({ permissions: profiles.permissions }).from(profiles).where(eq(profiles.id, m.profileId!));
  const seer: Seer = { userId: m.userId, projectId: A(), grant: { isRoot: false, permissions: profile.permissions } };
  const visible = staffVisible(seer);
  const unread = visible ? await unreadCounts(w.db, m.userId, visible, A()) : { total: 0, conversations: {}, asOf: 0 };
  const [open] = await w.db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatConversations)
    .where(sql`${chatConversations.projectId} = ${A()} and ${chatConversations.kind} = 'support' and ${chatConversations.status} = 'open'`);
  return { unread, openSupport: open.n };
}

type Scene = { reader: Member; writer: Member; customer: Member; channel: string; message: MessageView; ticket: string };
let n = 0;

/** A reader (team and support), a public channel with one message from a teammate, and a customer's open support conversation. */
async function scene(): Promise<Scene> {
  const [reader, writer, customer] = [await w.memberOf('A', READER), await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', [])];
  const created = await api(writer).create({ kind: 'channel', name: `Counted ${(n += 1)}` });
  const channel = (created.body.data.conversation as ConversationView).id;
  const message = (await api(writer).send(channel, 'first')).body.data.message as MessageView;
  const ticket = (await api(customer).openSupport(A())).body.data.conversation.id as string;
  return { reader, writer, customer, channel, message, ticket };
}

async function privateChannel(s: Scene, memberIds: string[]): Promise<string> {
  const created = await api(s.writer).create({ kind: 'channel', name: `Private ${(n += 1)}`, isPrivate: true, memberIds });
  const id = (created.body.data.conversation as ConversationView).id;
  expect((await api(s.writer).send(id, 'hidden')).status).toBe(201);
  return id;
}

/** Each cause: what it does, and how the reader's counts move (checked against a fresh count too). */
const causes: { name: string; prepare?(s: Scene): Promise<string>; act(s: Scene, prepared: string): Promise<unknown>; unread: number; openSupport?: number }[] =
  [
    { name: 'a teammate writes', act: (s) => api(s.writer).send(s.channel, 'second'), unread: 1 },
    { name: 'a customer writes to support', act: (s) => api(s.customer).supportSend(s.ticket, 'help'), unread: 1 },
    { name: 'the author deletes the message', act: (s) => api(s.writer).remove(s.message.id), unread: -1 },
    { name: 'the reader reads the channel', act: (s) => api(s.reader).read(s.channel, s.message.seq), unread: -1 },
    {
      name: 'the reader is added to a private channel',
      prepare: (s) => privateChannel(s, []),
      act: (s, id) => api(s.writer).addMembers(id, [s.reader.userId]),
      unread: 1,
    },
    {
      name: 'the reader is removed from a private channel',
      prepare: (s) => privateChannel(s, [s.reader.userId]),
      act: (s, id) => api(s.writer).removeMember(id, s.reader.userId),
      unread: -1,
    },
    { name: 'the support conversation is resolved', act: (s) => api(s.reader).patch(s.ticket, { status: 'resolved' }), unread: 0, openSupport: -1 },
    { name: 'a customer opens support', prepare: async () => '', act: async () => api(await w.memberOf('A', [])).openSupport(A()), unread: 0, openSupport: 1 },
    {
      name: 'an operator deletes the message in SQL',
      act: (s) => w.db.delete(chatMessages).where(eq(chatMessages.id, s.message.id)),
      unread: -1,
    },
    {
      name: 'an operator deletes the channel in SQL (its messages go by cascade)',
      act: (s) => w.db.delete(chatConversations).where(eq(chatConversations.id, s.channel)),
      unread: -1,
    },
    {
      name: "the reader's profile loses team chats",
      act: (s) =>
        w.db
          .update(profiles)
          .set({ permissions: ['CHATS__SUPPORT'] })
          .where(eq(profiles.id, s.reader.profileId!)),
      // Every team conversation of the project leaves the count: checked against the fresh count alone.
      unread: Number.NaN,
    },
  ];

function suite(label: string, instance: () => Instance) {
  describe.each(causes)(`${label}: $name`, (cause) => {
    it('moves the very next count, after the count was served from memory', async () => {
      const s = await scene();
      const prepared = (await cause.prepare?.(s)) ?? '';
      await feedSettled();
      const target = instance();
      const first = await target.counts(s.reader);
      const hits = await target.hits();
      const before = await target.counts(s.reader);
      expect(before).toEqual(first);
      // The session, the grant and both counts: from memory.
      expect((await target.hits()) - hits).toBeGreaterThanOrEqual(2);
      expect(before).toEqual(await fresh(s.reader));

      await cause.act(s, prepared);
      const after = await target.counts(s.reader);
      expect(after).toEqual(await fresh(s.reader));
      if (!Number.isNaN(cause.unread)) expect(after.unread.total).toBe(before.unread.total + cause.unread);
      else expect(after.unread.total).toBeLessThan(before.unread.total);
      expect(after.openSupport).toBe(before.openSupport + (cause.openSupport ?? 0));
    });
  });
}

onEachInstance(suite, here, startThere);

describe('the counts cache itself', () => {
  it('answers without the database: a message written with the triggers off goes unseen until one is announced', async () => {
    const s = await scene();
    await feedSettled();
    const before = await here.counts(s.reader);
    await w.db.transaction(async (tx) => {
      // What no code path does: write without the announcement, to prove counts come from memory.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(chatMessages).set({ deletedAt: new Date() }).where(eq(chatMessages.id, s.message.id));
    });
    // On PostgreSQL this instance's own write holds the cache aside until its fence is heard.
    await feedSettled();
    expect(await here.counts(s.reader)).toEqual(before);
    expect((await api(s.writer).send(s.channel, 'announced')).status).toBe(201);
    const after = await here.counts(s.reader);
    expect(after).toEqual(await fresh(s.reader));
    // The unannounced delete and the announced message: one out, one in.
    expect(after.unread.total).toBe(before.unread.total);
  });

  it('keeps one count per reader: another member reading drops nothing of this one', async () => {
    const s = await scene();
    const other = await w.memberOf('A', READER);
    await here.counts(s.reader);
    await here.counts(other);
    await feedSettled();
    const hits = await here.hits();
    expect((await api(other).read(s.channel, s.message.seq)).status).toBe(200);
    await feedSettled();
    await here.counts(s.reader);
    // The reader's session, grant, unread count and the project's open support count: all hits.
    expect((await here.hits()) - hits).toBeGreaterThanOrEqual(4);
  });
});
