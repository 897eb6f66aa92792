import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@/lib/realtime/audience';
import { HOLD_MS, MAX_BUFFERED_BYTES } from '@/lib/realtime/hub';
import { CLOSE_BEHIND } from '@/lib/realtime/protocol';
import { memoryPubSub, type PubSub } from '@/lib/realtime/pubsub';
import { accountsDb } from './helpers/accounts';
import { connected, socketServer, type SocketServer } from './helpers/sockets';
import { buildWorld, type World } from './matrix/world';

// The fan-out: the events of one turn of the event loop leave in one write per socket, and
// a client that stops reading is closed with the code that tells it to come back and catch
// up, without holding back the others.

let handle: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let bus: PubSub;
let server: SocketServer;

beforeAll(async () => {
  handle = await accountsDb();
  w = await buildWorld(handle.db);
  bus = memoryPubSub();
  server = await socketServer(bus);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await bus?.close();
  await handle?.cleanup();
});

const event = (projectId: string, d: unknown): Envelope => ({ audience: { projectId, perms: ['CHATS__TEAM'] }, e: 'test:event', d });
const tcpOf = (ws: unknown) => (ws as { _socket: Duplex & { _writev?: unknown; _write: unknown } })._socket;

describe('fan-out', () => {
  async function twoMembers() {
    const members = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const sockets = await Promise.all(members.map((m) => connected(server, m.client)));
    const conns = members.map((m) => server.realtime.hub.ofUser(m.userId)[0]);
    const writes = conns.map((c) => vi.spyOn(tcpOf(c.ws) as unknown as { _write: (chunk: Buffer, ...rest: unknown[]) => void }, '_write'));
    const writevs = conns.map((c) => vi.spyOn(tcpOf(c.ws) as unknown as { _writev: (...args: unknown[]) => void }, '_writev'));
    const done = () => {
      for (const spy of [...writes, ...writevs]) spy.mockRestore();
      for (const socket of sockets) socket.ws.close();
    };
    return { sockets, conns, writes, writevs, done };
  }
  const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));
  const shown = (frames: { e?: string; d?: unknown }[]) =>
    frames.filter((f) => f.e === 'test:event' || f.e === 'test:reply').map((f) => `${f.e}${JSON.stringify(f.d)}`);

  it('writes the events and replies of one turn to each socket in one write, in order', async () => {
    const { sockets, conns, writes, writevs, done } = await twoMembers();
    for (const n of [1, 2]) server.realtime.hub.deliver(event(w.project.A.id, { n }));
    server.realtime.hub.send(conns[0].ws, { e: 'test:reply', d: null });
    server.realtime.hub.deliver(event(w.project.A.id, { n: 3 }));
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    await endOfTurn();
    for (const [i, write] of writes.entries()) {
      expect(write).toHaveBeenCalledTimes(1);
      expect(writevs[i]).not.toHaveBeenCalled();
    }
    await Promise.all(sockets.map((s) => s.next((f) => f.e === 'test:event' && (f.d as { n: number }).n === 3)));
    expect(shown(sockets[0].frames)).toEqual(['test:event{"n":1}', 'test:event{"n":2}', 'test:replynull', 'test:event{"n":3}']);
    expect(shown(sockets[1].frames)).toEqual(['test:event{"n":1}', 'test:event{"n":2}', 'test:event{"n":3}']);
    done();
  });

  it('joins the frames of a turn once for all the sockets due the same ones', async () => {
    const { sockets, writes, done } = await twoMembers();
    for (const n of [1, 2]) server.realtime.hub.deliver(event(w.project.A.id, { n }));
    await endOfTurn();
    expect(writes[0].mock.calls[0][0]).toBe(writes[1].mock.calls[0][0]);
    await Promise.all(sockets.map((s) => s.next((f) => f.e === 'test:event' && (f.d as { n: number }).n === 2)));
    for (const socket of sockets) expect(shown(socket.frames)).toEqual(['test:event{"n":1}', 'test:event{"n":2}']);
    done();
  });

  it('holds the writes while the bus awaits more events from this thread, and sends them all in one write', async () => {
    const { sockets, writes, done } = await twoMembers();
    const release = bus.expect!();
    server.realtime.hub.deliver(event(w.project.A.id, { n: 1 }));
    await endOfTurn();
    await endOfTurn();
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    server.realtime.hub.deliver(event(w.project.A.id, { n: 2 }));
    release();
    await new Promise((resolve) => setTimeout(resolve, 1));
    await endOfTurn();
    for (const write of writes) expect(write).toHaveBeenCalledTimes(1);
    await Promise.all(sockets.map((s) => s.next((f) => f.e === 'test:event' && (f.d as { n: number }).n === 2)));
    for (const socket of sockets) expect(shown(socket.frames)).toEqual(['test:event{"n":1}', 'test:event{"n":2}']);
    done();
  });

  it(`holds them no longer than ${HOLD_MS} ms when what the bus awaits does not come`, async () => {
    const { sockets, writes, done } = await twoMembers();
    const release = bus.expect!();
    const started = performance.now();
    server.realtime.hub.deliver(event(w.project.A.id, { n: 1 }));
    await sockets[0].next((f) => f.e === 'test:event');
    expect(performance.now() - started).toBeGreaterThanOrEqual(HOLD_MS - 1);
    expect(bus.awaiting?.()).toBe(true);
    for (const write of writes) expect(write).toHaveBeenCalledTimes(1);
    release();
    done();
  });

  it(`closes a client that stopped reading with ${CLOSE_BEHIND}, while the others keep getting every event`, async () => {
    const [slow, fine] = [await w.memberOf('A', ['CHATS__TEAM']), await w.memberOf('A', ['CHATS__TEAM'])];
    const [slowSocket, fineSocket] = [await connected(server, slow.client), await connected(server, fine.client)];
    // The slow client's process stops reading its socket.
    tcpOf(slowSocket.ws).pause();
    const chunk = 'x'.repeat(60_000);
    const total = Math.ceil((3 * MAX_BUFFERED_BYTES) / chunk.length);
    for (let n = 0; n < total; n += 1) {
      server.realtime.hub.deliver(event(w.project.A.id, { n, chunk }));
      if (n % 10 === 9) await new Promise((resolve) => setImmediate(resolve));
    }
    await fineSocket.next((f) => f.e === 'test:event' && (f.d as { n: number }).n === total - 1, 10_000);
    expect(fineSocket.frames.filter((f) => f.e === 'test:event')).toHaveLength(total);
    const [slowConn] = server.realtime.hub.ofUser(slow.userId);
    expect(slowConn?.ws.readyState ?? 3).toBeGreaterThanOrEqual(2);
    // Once it reads again it finds the close code that tells it to reconnect and catch up.
    tcpOf(slowSocket.ws).resume();
    expect((await slowSocket.closed).code).toBe(CLOSE_BEHIND);
    expect(slowSocket.frames.filter((f) => f.e === 'test:event').length).toBeLessThan(total);
    fineSocket.ws.close();
  });
});
