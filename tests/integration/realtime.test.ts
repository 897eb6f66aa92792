import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionIdOf } from '@/lib/auth/refresh-token';
import { revokeSession } from '@/lib/auth/sessions';
import { users } from '@/lib/users/tables';
import { logger, requestContext } from '@/lib/log/logger';
import type { SocketHandler } from '@/lib/realtime/handlers';
import { memoryPubSub, postgresPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { GRANTS_EVENT } from '@/lib/realtime/server';
import { socketTickets } from '@/lib/realtime/tables';
import { MAX_FRAME_BYTES, RATE_LIMIT } from '@/lib/realtime/protocol';
import { accountsDb } from './helpers/accounts';
import { connected, openSocket, socketServer, ticketFor, type SocketServer } from './helpers/sockets';
import { buildWorld, type World } from './matrix/world';

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;
let server: SocketServer;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  bus = handle.databaseUrl ? postgresPubSub(handle.databaseUrl) : memoryPubSub();
  server = await socketServer(bus, { silenceLimitMs: 1500, sweepMs: 250 });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await bus?.close();
  await handle?.cleanup();
});

const team = (projectId: string) => ({ audience: { projectId, perms: ['CHATS__TEAM'] }, e: 'chat:message', d: { channel: 'USER', projectId } });

describe('authentication', () => {
  it('a ticket opens one socket once; used again it closes with 1008', async () => {
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const ticket = await ticketFor(member.client);
    const first = openSocket(server.url(ticket), server.origin);
    expect((await first.ready()).d).toMatchObject({ userId: member.userId, projectId: w.project.A.id });
    const again = openSocket(server.url(ticket), server.origin);
    expect((await again.closed).code).toBe(1008);
    first.ws.close();
  });

  it('an expired ticket, a made-up one and no token all close with 1008', async () => {
    const member = await w.memberOf('A', []);
    const ticket = await ticketFor(member.client);
    await w.db.update(socketTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await openSocket(server.url(ticket), server.origin).closed).code).toBe(1008);
    expect((await openSocket(server.url('wst_nope'), server.origin).closed).code).toBe(1008);
    expect((await openSocket(server.url('').replace('token=', 'x='), server.origin).closed).code).toBe(1008);
  });

  it('an access token works for clients that are not browsers', async () => {
    const member = await w.memberOf('A', []);
    const socket = openSocket(server.url(member.client.tokens!.accessToken));
    expect((await socket.ready()).d).toMatchObject({ userId: member.userId });
    socket.ws.close();
  });

  it('refuses a page of another site (Origin) before any upgrade', async () => {
    const member = await w.memberOf('A', []);
    const socket = openSocket(server.url(await ticketFor(member.client)), 'https://evil.example');
    expect(await socket.refused).toBe(403);
  });

  it('a session that ends closes its sockets with 1008', async () => {
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const socket = await connected(server, member.client);
    await revokeSession(w.db, sessionIdOf(member.client.tokens!.refreshToken)!);
    await bus.publish({ audience: { customers: [member.userId] }, e: GRANTS_EVENT, d: null });
    expect((await socket.closed).code).toBe(1008);
  });
});

describe('messages', () => {
  it('a ping is answered with the same __ts', async () => {
    const member = await w.memberOf('A', []);
    const socket = await connected(server, member.client);
    socket.send({ __ts: 'abc-1', e: 'app:ping' });
    const reply = await socket.next((f) => f.__ts === 'abc-1');
    expect(reply.e).toBe('app:ping');
    expect(typeof (reply.d as { t: number }).t).toBe('number');
    socket.send({ __ts: 7, e: 'no:such' });
    expect((await socket.next((f) => f.__ts === 7)).error?.message).toMatch(/Unknown event/);
    socket.send('not json');
    expect((await socket.next((f) => Boolean(f.error) && f.__ts === undefined)).error?.message).toBe('Invalid JSON');
    socket.ws.close();
  });

  it('event names that live on every object (constructor, __proto__, toString…) are unknown events; the socket stays usable', async () => {
    const socket = await connected(server, (await w.memberOf('A', [])).client);
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'no:such'];
    for (const [i, e] of names.entries()) {
      socket.send({ __ts: `n${i}`, e, d: { conversationId: 'x' } });
      const reply = await socket.next((f) => f.__ts === `n${i}`);
      expect(reply, e).toEqual({ __ts: `n${i}`, error: { message: 'Unknown event' } });
    }
    socket.send({ __ts: 'still', e: 'app:ping' });
    expect((await socket.next((f) => f.__ts === 'still')).e).toBe('app:ping');
    socket.ws.close();
  });

  it("tells the idle collector of a socket's requests and the events it delivers, not of its heartbeats", async () => {
    const onActivity = vi.fn();
    const handlers = new Map<string, SocketHandler>([['test:echo', async (_ctx, d) => d]]);
    const own = await socketServer(bus, { handlers, onActivity });
    try {
      const member = await w.memberOf('A', ['CHATS__TEAM']);
      const socket = await connected(own, member.client);
      socket.send({ __ts: 'h1', e: 'app:ping' });
      await socket.next((f) => f.__ts === 'h1');
      expect(onActivity).not.toHaveBeenCalled();
      socket.send({ __ts: 'e1', e: 'test:echo', d: 'hello' });
      expect((await socket.next((f) => f.__ts === 'e1')).d).toBe('hello');
      expect(onActivity).toHaveBeenCalledTimes(1);
      await bus.publish(team(w.project.A.id));
      await socket.next((f) => f.e === 'chat:message');
      expect(onActivity).toHaveBeenCalledTimes(2);
      socket.ws.close();
    } finally {
      await own.close();
    }
  });

  it('a handler that fails answers a generic error and logs the real one under a request id', async () => {
    const handlers = new Map<string, SocketHandler>([
      [
        'test:boom',
        async () => {
          throw new Error('relation "secret_table" does not exist');
        },
      ],
    ]);
    const own = await socketServer(bus, { handlers });
    const logged: { args: unknown[]; reqId?: string }[] = [];
    const spy = vi.spyOn(logger, 'error').mockImplementation(((...args: unknown[]) => {
      logged.push({ args, reqId: requestContext.getStore()?.reqId });
    }) as never);
    try {
      const socket = await connected(own, (await w.memberOf('A', [])).client);
      socket.send({ __ts: 'b1', e: 'test:boom', d: null });
      const reply = await socket.next((f) => f.__ts === 'b1');
      expect(reply.error?.message).toBe('Request failed');
      expect(JSON.stringify(reply)).not.toMatch(/secret_table/);
      const requestId = (reply.error as { requestId?: string }).requestId;
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const said = (args: unknown[]) =>
        args.map((a) => (a instanceof Object && 'err' in a && a.err instanceof Error ? a.err.message : JSON.stringify(a))).join(' ');
      const line = logged.find((l) => said(l.args).includes('secret_table'));
      expect(line?.reqId).toBe(requestId);
      socket.send({ __ts: 'b2', e: 'app:ping' });
      expect((await socket.next((f) => f.__ts === 'b2')).e).toBe('app:ping');
      socket.ws.close();
    } finally {
      spy.mockRestore();
      await own.close();
    }
  });

  it('an oversize frame closes only that socket (1009)', async () => {
    const a = await connected(server, (await w.memberOf('A', [])).client);
    const b = await connected(server, (await w.memberOf('A', [])).client);
    a.send({ e: 'app:ping', d: 'x'.repeat(MAX_FRAME_BYTES + 10) });
    expect((await a.closed).code).toBe(1009);
    b.send({ __ts: 1, e: 'app:ping' });
    expect((await b.next((f) => f.__ts === 1)).e).toBe('app:ping');
    b.ws.close();
  });

  it('over the message rate, the extra messages are refused; other sockets are not slowed', async () => {
    const a = await connected(server, (await w.memberOf('A', [])).client);
    const b = await connected(server, (await w.memberOf('A', [])).client);
    for (let i = 0; i <= RATE_LIMIT.messages; i += 1) a.send({ __ts: i, e: 'app:ping' });
    expect((await a.next((f) => f.__ts === RATE_LIMIT.messages)).error?.message).toBe('Too many messages');
    expect(a.frames.filter((f) => f.e === 'app:ping' && !f.error)).toHaveLength(RATE_LIMIT.messages);
    b.send({ __ts: 'b', e: 'app:ping' });
    expect((await b.next((f) => f.__ts === 'b')).error).toBeUndefined();
    a.ws.close();
    b.ws.close();
  });

  it('drops a socket silent for longer than two ping intervals', async () => {
    const socket = await connected(server, (await w.memberOf('A', [])).client);
    // This server's limit is 1.5 s; a client that pings stays.
    const pinger = await connected(server, (await w.memberOf('A', [])).client);
    const timer = setInterval(() => pinger.send({ e: 'app:ping' }), 300);
    const closed = await socket.closed;
    expect(closed.code).toBe(1006);
    expect(pinger.ws.readyState).toBe(pinger.ws.OPEN);
    clearInterval(timer);
    pinger.ws.close();
  });
});

describe('isolation', () => {
  it('team events reach the project staff holding CHATS__TEAM, and no one else', async () => {
    const staff = await connected(server, (await w.memberOf('A', ['CHATS__TEAM'])).client);
    const owner = await connected(server, (await w.memberOf('A', 'root')).client);
    const noTeam = await connected(server, (await w.memberOf('A', ['USERS__VIEW'])).client);
    const otherProject = await connected(server, (await w.memberOf('B', ['CHATS__TEAM'])).client);
    const outsider = await connected(server, (await w.signedIn()).client);
    await bus.publish(team(w.project.A.id));
    expect((await staff.next((f) => f.e === 'chat:message')).d).toMatchObject({ projectId: w.project.A.id });
    expect((await owner.next((f) => f.e === 'chat:message')).d).toMatchObject({ projectId: w.project.A.id });
    expect(await noTeam.got('chat:message')).toBe(false);
    expect(await otherProject.got('chat:message', 0)).toBe(false);
    expect(await outsider.got('chat:message', 0)).toBe(false);
    for (const s of [staff, owner, noTeam, otherProject, outsider]) s.ws.close();
  });

  it('named users are reached only while connected to the project; customers anywhere, while users of the project', async () => {
    const inA = await w.memberOf('A', []);
    const inB = await w.memberOf('B', []);
    const alsoA = await w.memberOf('B', []);
    const { memberships } = await import('@/lib/projects/tables');
    await w.db.insert(memberships).values({ projectId: w.project.A.id, userId: alsoA.userId });
    const a = await connected(server, inA.client);
    const b = await connected(server, inB.client);
    const both = await connected(server, alsoA.client);
    await bus.publish({ audience: { projectId: w.project.A.id, users: [inA.userId, inB.userId] }, e: 'chat:x', d: 1 });
    await a.next((f) => f.e === 'chat:x');
    expect(await b.got('chat:x')).toBe(false);
    await bus.publish({ audience: { projectId: w.project.A.id, customers: [inB.userId, alsoA.userId] }, e: 'chat:y', d: 2 });
    await both.next((f) => f.e === 'chat:y');
    expect(await b.got('chat:y')).toBe(false);
    for (const s of [a, b, both]) s.ws.close();
  });

  it('a socket follows its session: after losing the permission it gets nothing more', async () => {
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const socket = await connected(server, member.client);
    const { profiles } = await import('@/lib/projects/tables');
    await w.db.update(profiles).set({ permissions: [] }).where(eq(profiles.id, member.profileId!));
    await bus.publish({ audience: { customers: [member.userId] }, e: GRANTS_EVENT, d: null });
    await new Promise((r) => setTimeout(r, 200));
    await bus.publish(team(w.project.A.id));
    expect(await socket.got('chat:message')).toBe(false);
    socket.ws.close();
  });

  it('a disabled user’s sockets close', async () => {
    const member = await w.memberOf('A', []);
    const socket = await connected(server, member.client);
    await w.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.userId));
    await bus.publish({ audience: { customers: [member.userId] }, e: GRANTS_EVENT, d: null });
    expect((await socket.closed).code).toBe(1008);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server instances on one PostgreSQL', () => {
  it('an event published through one reaches the sockets of the other', async () => {
    const otherBus = postgresPubSub(handle.databaseUrl!);
    const other = await socketServer(otherBus);
    try {
      await (otherBus as unknown as { ready: Promise<void> }).ready;
      const staff = await connected(other, (await w.memberOf('A', ['CHATS__TEAM'])).client);
      const here = await connected(server, (await w.memberOf('A', ['CHATS__TEAM'])).client);
      await bus.publish(team(w.project.A.id));
      await staff.next((f) => f.e === 'chat:message');
      await here.next((f) => f.e === 'chat:message');
      // Large events travel through the database instead of the notification itself.
      await otherBus.publish({ ...team(w.project.A.id), e: 'chat:big', d: 'x'.repeat(20_000) });
      expect((await here.next((f) => f.e === 'chat:big')).d).toHaveLength(20_000);
      staff.ws.close();
      here.ws.close();
    } finally {
      await other.close();
      await otherBus.close();
    }
  });
});
