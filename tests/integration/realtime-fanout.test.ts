import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Envelope } from '@/lib/realtime/audience';
import { MAX_BUFFERED_BYTES } from '@/lib/realtime/hub';
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
  it('writes the events of one turn to each socket at once, in order', async () => {
    const member = await w.memberOf('A', ['CHATS__TEAM']);
    const socket = await connected(server, member.client);
    const [conn] = server.realtime.hub.ofUser(member.userId);
    const tcp = tcpOf(conn.ws);
    const writev = vi.spyOn(tcp as unknown as { _writev: (...args: unknown[]) => void }, '_writev');
    const write = vi.spyOn(tcp as unknown as { _write: (...args: unknown[]) => void }, '_write');
    for (const n of [1, 2, 3]) server.realtime.hub.deliver(event(w.project.A.id, { n }));
    expect(writev).not.toHaveBeenCalled();
    await new Promise((resolve) => setImmediate(resolve));
    // Three frames (a header and a body each) in one vectored write.
    expect(writev).toHaveBeenCalledTimes(1);
    expect(write).not.toHaveBeenCalled();
    const got = await Promise.all([1, 2, 3].map((n) => socket.next((f) => f.e === 'test:event' && (f.d as { n: number }).n === n)));
    expect(got.map((f) => socket.frames.indexOf(f))).toEqual([...got.map((f) => socket.frames.indexOf(f))].sort((a, b) => a - b));
    writev.mockRestore();
    write.mockRestore();
    socket.ws.close();
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
