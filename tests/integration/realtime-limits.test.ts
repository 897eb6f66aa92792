import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocketClient, type SocketProblem } from '@/lib/realtime/client';
import { CLOSE_TRY_LATER } from '@/lib/realtime/protocol';
import { memoryPubSub, postgresPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { SOCKET_LIMITS, type SocketLimits } from '@/lib/realtime/server';
import { accountsDb, signedInClient } from './helpers/accounts';
import { connected, openSocket, socketServer, ticketFor, type SocketServer, type TestSocket } from './helpers/sockets';
import { buildWorld, type World } from './matrix/world';

// How many sockets one session, one user and one address may hold open at once.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  bus = handle.databaseUrl ? postgresPubSub(handle.databaseUrl) : memoryPubSub();
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await handle?.cleanup();
});

const SMALL: SocketLimits = { perSession: 2, perUser: 3, perAddress: 5 };

/** A server of its own for each test: the caps count per instance. */
/** `ws` as a browser's WebSocket behaves: a failed connection is an event, never a thrown error. */
class BrowserLikeWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => {});
  }
}

async function withServer(limits: SocketLimits | undefined, run: (server: SocketServer) => Promise<void>) {
  const server = await socketServer(bus, limits ? { limits } : {});
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

/** Opens a socket with an access token (one session, as many sockets as asked). */
const byToken = (server: SocketServer, accessToken: string) => openSocket(server.url(accessToken));

async function expectRefused(socket: TestSocket) {
  expect(await socket.closed).toEqual({ code: CLOSE_TRY_LATER, reason: 'Too many connections' });
  expect(socket.frames.some((f) => f.e === 'app:ready')).toBe(false);
}

async function stillAnswers(socket: TestSocket, ts: string) {
  socket.send({ __ts: ts, e: 'app:ping' });
  expect((await socket.next((f) => f.__ts === ts)).e).toBe('app:ping');
}

describe('socket caps', () => {
  it('are 10 per session, 20 per user and 50 per address unless configured', () => {
    expect(SOCKET_LIMITS).toEqual({ perSession: 10, perUser: 20, perAddress: 50 });
  });

  it('a session past its cap is refused with 1013; the open ones keep working, and a freed slot can be taken again', async () => {
    await withServer(SMALL, async (server) => {
      const member = await w.memberOf('A', []);
      const token = member.client.tokens!.accessToken;
      const [a, b] = [byToken(server, token), byToken(server, token)];
      await Promise.all([a.ready(), b.ready()]);
      await expectRefused(byToken(server, token));
      await stillAnswers(a, 'a');
      a.ws.close();
      await a.closed;
      await byToken(server, token).ready();
      b.ws.close();
    });
  });

  it('a user past their cap over all their sessions is refused', async () => {
    await withServer(SMALL, async (server) => {
      const member = await w.memberOf('A', []);
      const other = (await signedInClient(w.db, member.userId)).client;
      const first = [byToken(server, member.client.tokens!.accessToken), byToken(server, member.client.tokens!.accessToken)];
      const second = await connected(server, other);
      await Promise.all(first.map((s) => s.ready()));
      // Within the second session's own cap, but the user already holds three.
      await expectRefused(openSocket(server.url(await ticketFor(other)), server.origin));
      await stillAnswers(second, 's');
      for (const s of [...first, second]) s.ws.close();
    });
  });

  it('an address past its cap is refused, whoever signs in from it', async () => {
    await withServer(SMALL, async (server) => {
      const open: TestSocket[] = [];
      for (let i = 0; i < SMALL.perAddress; i += 1) open.push(await connected(server, (await w.memberOf('A', [])).client));
      await expectRefused(openSocket(server.url(await ticketFor((await w.memberOf('B', [])).client)), server.origin));
      // A burst of upgrades still checking their tickets counts as well: none gets past the cap.
      open.pop()!.ws.close();
      await new Promise((r) => setTimeout(r, 100));
      const burst = await Promise.all([1, 2, 3].map(async () => openSocket(server.url(await ticketFor((await w.memberOf('B', [])).client)), server.origin)));
      const outcomes = await Promise.all(burst.map((s) => Promise.race([s.ready().then(() => 'ready'), s.closed.then((c) => c.code)])));
      expect(outcomes.filter((o) => o === 'ready')).toHaveLength(1);
      expect(outcomes.filter((o) => o === CLOSE_TRY_LATER)).toHaveLength(2);
      for (const s of [...open, ...burst]) s.ws.close();
    });
  });

  it('with the defaults, the eleventh socket of one session is refused', async () => {
    await withServer(undefined, async (server) => {
      const member = await w.memberOf('A', []);
      const token = member.client.tokens!.accessToken;
      const open = Array.from({ length: SOCKET_LIMITS.perSession }, () => byToken(server, token));
      await Promise.all(open.map((s) => s.ready()));
      await expectRefused(byToken(server, token));
      for (const s of open) s.ws.close();
    });
  });
  it('with the defaults, an address holds 50 sockets whoever opens them; the 51st is refused until one closes', async () => {
    await withServer(undefined, async (server) => {
      // Five users at their session cap (10 each), all from this one address: 50 sockets, no
      // session or user cap reached, so only the address can refuse the next one.
      const tokens = await Promise.all(Array.from({ length: 5 }, async () => (await w.memberOf('A', [])).client.tokens!.accessToken));
      const open = tokens.flatMap((token) => Array.from({ length: SOCKET_LIMITS.perSession }, () => byToken(server, token)));
      expect(open).toHaveLength(SOCKET_LIMITS.perAddress);
      await Promise.all(open.map((s) => s.ready()));
      const sixth = (await w.memberOf('B', [])).client.tokens!.accessToken;
      await expectRefused(byToken(server, sixth));
      await stillAnswers(open[49], 'last');
      open.pop()!.ws.close();
      await new Promise((r) => setTimeout(r, 100));
      const freed = byToken(server, sixth);
      await freed.ready();
      for (const s of [...open, freed]) s.ws.close();
    });
  });
});

describe('the browser client, refused with 1013', () => {
  async function client(server: SocketServer, member: Awaited<ReturnType<World['memberOf']>>) {
    const tickets: number[] = [];
    const problems: SocketProblem[] = [];
    const socket = createSocketClient({
      ticket: async () => {
        tickets.push(Date.now());
        return ticketFor(member.client);
      },
      url: server.url,
      WebSocket: BrowserLikeWebSocket as unknown as typeof globalThis.WebSocket,
      onProblem: (p) => problems.push(p),
      tryLaterMs: 400,
    });
    return { socket, tickets, problems };
  }
  const until = async (test: () => boolean, ms = 8000) => {
    const end = Date.now() + ms;
    while (!test()) {
      if (Date.now() > end) throw new Error('not in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('waits longer after each refusal, connects once a slot frees, and never loops', async () => {
    await withServer({ ...SMALL, perSession: 1 }, async (server) => {
      const member = await w.memberOf('A', []);
      const holder = byToken(server, member.client.tokens!.accessToken);
      await holder.ready();
      const c = await client(server, member);
      c.socket.start();
      await until(() => c.tickets.length === 2);
      // Let the second try be refused too (a local refusal takes milliseconds; the wait after
      // it is 800 ms), then free the slot during that wait.
      await new Promise((r) => setTimeout(r, 300));
      expect(c.socket.status.get()).toBe('busy');
      holder.ws.close();
      await until(() => c.socket.status.get() === 'connected');
      // Refused twice (the second wait twice the first), then in: three tickets in all.
      expect(c.tickets).toHaveLength(3);
      expect(c.tickets[1] - c.tickets[0]).toBeGreaterThanOrEqual(400);
      expect(c.tickets[2] - c.tickets[1]).toBeGreaterThanOrEqual(800);
      expect(c.problems).toEqual([]);
      c.socket.stop();
    });
  });

  it('gives up after three tries and says why', async () => {
    await withServer({ ...SMALL, perSession: 1 }, async (server) => {
      const member = await w.memberOf('A', []);
      const holder = byToken(server, member.client.tokens!.accessToken);
      await holder.ready();
      const c = await client(server, member);
      c.socket.start();
      await until(() => c.problems.length > 0);
      expect(c.problems).toEqual(['tooManyConnections']);
      expect(c.tickets).toHaveLength(4);
      expect(c.socket.status.get()).toBe('undefined');
      await new Promise((r) => setTimeout(r, 500));
      expect(c.tickets).toHaveLength(4);
      c.socket.stop();
      holder.ws.close();
    });
  });
});
