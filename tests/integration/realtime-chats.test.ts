import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as memberRoute from '@/app/api/users/[id]/route';
import type { ChatMessageEvent, MessageView } from '@/lib/chats/types';
import { membershipProfiles, memberships, profiles } from '@/lib/projects/tables';
import { memoryPubSub, postgresPubSub, setPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { accountsDb } from './helpers/accounts';
import { startInstance } from './helpers/instance';
import { chatApi } from './helpers/chats';
import { connected, openSocket, socketServer, ticketFor, type SocketServer, type TestSocket } from './helpers/sockets';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type Member, type World } from './matrix/world';

// The chats API and the sockets together: what the services publish reaches exactly the
// sockets that may see it, live, and what a socket missed while away is fetched back.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;
let server: SocketServer;
let uploads: ReturnType<typeof tempUploadDir>;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  uploads = tempUploadDir('atrio-rt-chats-');
  bus = handle.databaseUrl ? postgresPubSub(handle.databaseUrl) : memoryPubSub();
  await (bus as unknown as { ready?: Promise<void> }).ready;
  setPubSub(bus);
  server = await socketServer(bus);
}, 60_000);

afterAll(async () => {
  await server?.close();
  setPubSub(undefined);
  await bus?.close();
  uploads?.restore();
  await handle?.cleanup();
});

const api = (m: Member) => chatApi(m.client);
let rooms = 0;

async function channelOf(owner: Member): Promise<string> {
  const res = await api(owner).create({ kind: 'channel', name: `Live ${(rooms += 1)}` });
  expect(res.status).toBe(201);
  return res.body.data.conversation.id;
}

async function say(m: Member, conversationId: string, body: string): Promise<MessageView> {
  const res = await api(m).send(conversationId, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.message;
}

const messageIn = (socket: TestSocket, body: string) =>
  socket.next((f) => f.e === 'chat:message' && (f.d as ChatMessageEvent).message.body === body).then((f) => f.d as ChatMessageEvent);

describe('team chat over the socket', () => {
  it('a message posted through the API reaches the other staff at once, as a USER channel event', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const socketB = await connected(server, b.client);
    const sent = await say(a, id, 'hello from A');
    const event = await messageIn(socketB, 'hello from A');
    expect(event).toMatchObject({
      channel: 'USER',
      projectId: w.project.A.id,
      conversationId: id,
      message: { id: sent.id, seq: sent.seq, author: { id: a.userId } },
    });
    socketB.ws.close();
  });

  it('the seq an event carries counts the project’s messages only: another project’s chatter leaves no trace', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const ownerOfB = await w.memberOf('B', 'root');
    const [id, elsewhere] = [await channelOf(a), await channelOf(ownerOfB)];
    const socketB = await connected(server, b.client);
    const first = (await messageIn(socketB, (await say(a, id, 'seq one')).body)).message;
    for (let i = 0; i < 3; i += 1) await say(ownerOfB, elsewhere, `elsewhere ${i}`);
    await say(a, id, 'seq two');
    expect((await messageIn(socketB, 'seq two')).message.seq).toBe(first.seq + 1);
    socketB.ws.close();
  });

  it('nobody outside the conversation hears it: another project, no CHATS__TEAM, a private channel’s non-members', async () => {
    const a = await w.memberOf('A', ['CHATS__TEAM']);
    const listeners = {
      noTeam: await connected(server, (await w.memberOf('A', ['CHATS__SUPPORT'])).client),
      projectB: await connected(server, (await w.memberOf('B', ['CHATS__TEAM'])).client),
      staffNotInvited: await connected(server, (await w.memberOf('A', ['CHATS__TEAM'])).client),
    };
    const invited = await w.memberOf('A', ['CHATS__TEAM']);
    const invitedSocket = await connected(server, invited.client);
    const res = await api(a).create({ kind: 'channel', name: `Private ${(rooms += 1)}`, isPrivate: true, memberIds: [invited.userId] });
    expect(res.status).toBe(201);
    await say(a, res.body.data.conversation.id, 'for invited eyes');
    await messageIn(invitedSocket, 'for invited eyes');
    const publicId = await channelOf(a);
    await say(a, publicId, 'for the team');
    await messageIn(listeners.staffNotInvited, 'for the team');
    expect(listeners.staffNotInvited.frames.some((f) => (f.d as ChatMessageEvent | undefined)?.message?.body === 'for invited eyes')).toBe(false);
    expect(await listeners.noTeam.got('chat:message', 100)).toBe(false);
    expect(await listeners.projectB.got('chat:message', 0)).toBe(false);
    for (const s of [...Object.values(listeners), invitedSocket]) s.ws.close();
  });

  it('typing reaches the others but not the one typing', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const [socketA, socketB] = [await connected(server, a.client), await connected(server, b.client)];
    socketA.send({ __ts: 't1', e: 'chat:typing', d: { conversationId: id } });
    expect((await socketA.next((f) => f.__ts === 't1')).error).toBeUndefined();
    const typing = await socketB.next((f) => f.e === 'chat:typing');
    expect(typing.d).toMatchObject({ conversationId: id, users: [{ id: a.userId }] });
    expect(socketA.frames.some((f) => f.e === 'chat:typing' && f.__ts === undefined)).toBe(false);
    // A conversation the socket may not see: refused, nobody told.
    const outsider = await connected(server, (await w.memberOf('B', ['CHATS__TEAM'])).client);
    outsider.send({ __ts: 't2', e: 'chat:typing', d: { conversationId: id } });
    expect((await outsider.next((f) => f.__ts === 't2')).error).toBeDefined();
    for (const s of [socketA, socketB, outsider]) s.ws.close();
  });

  it('typing for a follow-up message reaches the others at once, inside the 2 s throttle', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const [socketA, socketB] = [await connected(server, a.client), await connected(server, b.client)];
    const typingFrames = () => socketB.frames.filter((f) => f.e === 'chat:typing').length;
    socketA.send({ __ts: 'f1', e: 'chat:typing', d: { conversationId: id, fresh: true } });
    await socketB.next((f) => f.e === 'chat:typing');
    await say(a, id, 'first of two');
    await messageIn(socketB, 'first of two');
    // What the composer sends on the first keystroke after sending, well within 2 s of the last event.
    socketA.send({ __ts: 'f2', e: 'chat:typing', d: { conversationId: id, fresh: true } });
    expect((await socketA.next((f) => f.__ts === 'f2')).d).toEqual({ sent: true });
    await socketB.next((f) => f.e === 'chat:typing' && typingFrames() === 2);
    // The next keystrokes of that message are throttled as before.
    socketA.send({ __ts: 'f3', e: 'chat:typing', d: { conversationId: id } });
    expect((await socketA.next((f) => f.__ts === 'f3')).d).toEqual({ sent: false });
    for (const s of [socketA, socketB]) s.ws.close();
  });

  it('after a reconnect the client fetches exactly what it missed', async () => {
    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    let socketB = await connected(server, b.client);
    await say(a, id, 'before the drop');
    const seen = (await messageIn(socketB, 'before the drop')).message;
    socketB.ws.terminate();
    await socketB.closed;
    const missed = [await say(a, id, 'missed 1'), await say(a, id, 'missed 2'), await say(a, id, 'missed 3')];
    socketB = openSocket(server.url(await ticketFor(b.client)), server.origin);
    await socketB.ready();
    const res = await api(b).messages(id, { after: seen.seq });
    expect(res.body.data.messages.map((m: MessageView) => m.id)).toEqual(missed.map((m) => m.id));
    await say(a, id, 'after the return');
    await messageIn(socketB, 'after the return');
    socketB.ws.close();
  });
});

/** Makes `m` a plain user (a profile without permissions) of project A too; returns that membership's id. */
async function alsoUserOfA(m: Member): Promise<string> {
  const [profile] = await w.db
    .insert(profiles)
    .values({ projectId: w.project.A.id, name: `Client ${Date.now()}-${(rooms += 1)}`, permissions: [] })
    .returning();
  const [ms] = await w.db.insert(memberships).values({ projectId: w.project.A.id, userId: m.userId }).returning();
  await w.db.insert(membershipProfiles).values({ membershipId: ms.id, profileId: profile.id });
  return ms.id;
}

describe('support chat over the socket', () => {
  it('the customer hears the staff’s answer wherever they work; staff without CHATS__SUPPORT do not', async () => {
    // The customer is a user of project A, working in project B right now.
    const customer = await w.memberOf('B', []);
    await alsoUserOfA(customer);

    const opened = await api(customer).openSupport(w.project.A.id);
    const id = opened.body.data.conversation.id;
    const [agent, teamOnly] = [await w.memberOf('A', ['CHATS__SUPPORT']), await w.memberOf('A', ['CHATS__TEAM'])];
    const [customerSocket, agentSocket, teamSocket] = [
      await connected(server, customer.client),
      await connected(server, agent.client),
      await connected(server, teamOnly.client),
    ];

    expect((await api(customer).supportSend(id, 'my order is late')).status).toBe(201);
    expect((await messageIn(agentSocket, 'my order is late')).channel).toBe('SUPPORT');
    await say(agent, id, 'on its way');
    expect((await messageIn(customerSocket, 'on its way')).channel).toBe('SUPPORT');
    expect(await teamSocket.got('chat:message', 100)).toBe(false);
    for (const s of [customerSocket, agentSocket, teamSocket]) s.ws.close();
  });
});

describe('support chat after the customer leaves the project', () => {
  // Staff whose socket hears every support event of A: once it has one, any socket the
  // customer should have reached has had its chance too.
  async function ticketWithWitness() {
    const customer = await w.memberOf('B', []);
    const membershipId = await alsoUserOfA(customer);
    const id = (await api(customer).openSupport(w.project.A.id)).body.data.conversation.id as string;
    const [agent, owner] = [await w.memberOf('A', ['CHATS__SUPPORT']), await w.memberOf('A', 'root')];
    const witness = await connected(server, (await w.memberOf('A', ['CHATS__SUPPORT'])).client);
    return { customer, membershipId, id, agent, owner, witness };
  }
  const heard = async (socket: TestSocket, witness: TestSocket, body: string) => {
    await messageIn(witness, body);
    await new Promise((r) => setTimeout(r, 100));
    return socket.frames.some((f) => (f.d as ChatMessageEvent | undefined)?.message?.body === body);
  };

  it('a removed member hears nothing more of their support conversation, on an open socket or a new one', async () => {
    const { customer, membershipId, id, agent, owner, witness } = await ticketWithWitness();
    const before = await connected(server, customer.client);
    await say(agent, id, 'while a member');
    expect(await heard(before, witness, 'while a member')).toBe(true);

    const removed = await owner.client.call(memberRoute.DELETE, `/api/users/${membershipId}`, { method: 'DELETE', params: { id: membershipId } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await say(agent, id, 'after the removal');
    expect(await heard(before, witness, 'after the removal')).toBe(false);

    const after = await connected(server, customer.client);
    await say(agent, id, 'to a new socket');
    expect(await heard(after, witness, 'to a new socket')).toBe(false);
    expect(await heard(before, witness, 'to a new socket')).toBe(false);
    // As the API says: the conversation is no longer theirs to read.
    expect((await api(customer).supportMessages(id)).status).toBe(404);
    for (const s of [before, after, witness]) s.ws.close();
  });

  it('a deactivated member stops hearing it at once, and hears it again once reactivated', async () => {
    const { customer, membershipId, id, agent, owner, witness } = await ticketWithWitness();
    const socket = await connected(server, customer.client);
    const patch = (status: number) =>
      owner.client.call(memberRoute.PATCH, `/api/users/${membershipId}`, { method: 'PATCH', json: { status }, params: { id: membershipId } });
    expect((await patch(0)).status).toBe(200);
    await say(agent, id, 'while deactivated');
    expect(await heard(socket, witness, 'while deactivated')).toBe(false);
    expect((await patch(1)).status).toBe(200);
    // The announcement re-reads the socket's memberships: no need to reconnect.
    await new Promise((r) => setTimeout(r, 200));
    await say(agent, id, 'back again');
    expect(await heard(socket, witness, 'back again')).toBe(true);
    for (const s of [socket, witness]) s.ws.close();
  });

  it('the socket itself re-checks on the announcement: a support event addressed to a removed customer is not delivered', async () => {
    const { customer, membershipId, id, owner } = await ticketWithWitness();
    const socket = await connected(server, customer.client);
    const event = (body: string) => ({
      audience: { projectId: w.project.A.id, perms: ['CHATS__SUPPORT'], customers: [customer.userId] },
      e: 'chat:message',
      d: { channel: 'SUPPORT', projectId: w.project.A.id, conversationId: id, message: { body } },
    });
    await bus.publish(event('raw before'));
    await messageIn(socket, 'raw before');
    expect((await owner.client.call(memberRoute.DELETE, `/api/users/${membershipId}`, { method: 'DELETE', params: { id: membershipId } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    // Published as an older audience would have been computed: the socket's own grant refuses it.
    await bus.publish(event('raw after'));
    expect(await socket.got('chat:message', 300)).toBe(true);
    expect(socket.frames.some((f) => (f.d as ChatMessageEvent | undefined)?.message?.body === 'raw after')).toBe(false);
    socket.ws.close();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server processes on one PostgreSQL', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.stdin?.end();
  });

  it('deliver each other’s events: a message posted here reaches a socket there, typing there reaches a socket here', async () => {
    const started = await startInstance('socket-process.ts', { ...process.env, DATABASE_URL: handle.databaseUrl, LOG_LEVEL: 'warn' });
    child = started.child;
    const port = started.port;
    const there = {
      url: (t: string) => `ws://127.0.0.1:${port}/ws/v1?token=${encodeURIComponent(t)}&as=user`,
      origin: `http://127.0.0.1:${port}`,
    } as SocketServer;

    const [a, b] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const id = await channelOf(a);
    const socketThere = await connected(there, b.client);
    const socketHere = await connected(server, a.client);
    await say(a, id, 'across processes');
    await messageIn(socketThere, 'across processes');
    socketThere.send({ __ts: 'x', e: 'chat:typing', d: { conversationId: id } });
    expect((await socketHere.next((f) => f.e === 'chat:typing')).d).toMatchObject({ conversationId: id, users: [{ id: b.userId }] });
    socketThere.ws.close();
    socketHere.ws.close();
  });
});
