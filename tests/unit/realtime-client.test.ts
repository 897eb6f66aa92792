import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSocketClient, TicketRefused, type SocketProblem } from '@/lib/realtime/client';
import { CLOSE_BEHIND, PING_INTERVAL_MS } from '@/lib/realtime/protocol';

/** Stands in for the browser's WebSocket: records what is sent, lets the test play the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: { __ts: string; e: string; d?: unknown }[] = [];
  closedWith: number | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.closedWith = code;
  }
  /** The server accepted the ticket. */
  ready() {
    this.readyState = 1;
    this.receive({ e: 'app:ready', d: {} });
  }
  receive(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup(options: { ticket?: () => Promise<string>; WebSocket?: unknown } = {}) {
  let n = 0;
  const ticket = vi.fn(options.ticket ?? (async () => `t${(n += 1)}`));
  const problems: SocketProblem[] = [];
  const client = createSocketClient({
    ticket,
    url: (t) => `ws://app.test/ws/v1?token=${t}&as=user`,
    WebSocket: ('WebSocket' in options ? options.WebSocket : FakeSocket) as typeof WebSocket | undefined,
    onProblem: (p) => problems.push(p),
  });
  return { client, ticket, problems };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket client: connecting', () => {
  it('is busy while it gets a ticket and connects, connected once the server is ready', async () => {
    const { client, ticket } = setup();
    expect(client.status.get()).toBe('undefined');
    client.start();
    expect(client.status.get()).toBe('busy');
    await flush();
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(last().url).toBe('ws://app.test/ws/v1?token=t1&as=user');
    expect(client.status.get()).toBe('busy');
    last().ready();
    expect(client.status.get()).toBe('connected');
  });

  it('a second start while open is a no-op', async () => {
    const { client } = setup();
    client.start();
    await flush();
    client.start();
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('reports notSupported without WebSocket and opens nothing', async () => {
    const { client, problems, ticket } = setup({ WebSocket: undefined });
    client.start();
    await flush();
    expect(problems).toEqual(['notSupported']);
    expect(ticket).not.toHaveBeenCalled();
    expect(client.status.get()).toBe('undefined');
  });

  it('reports cannotGetToken when no ticket can be had, and stays off', async () => {
    const { client, problems } = setup({ ticket: () => Promise.reject(new TicketRefused('401')) });
    client.start();
    await flush();
    expect(problems).toEqual(['cannotGetToken']);
    expect(FakeSocket.all).toHaveLength(0);
    expect(client.status.get()).toBe('undefined');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(0);
  });
});

describe('socket client: closes (SPEC.md section 8)', () => {
  it('1006: a new ticket and an immediate reconnect', async () => {
    const { client, ticket } = setup();
    client.start();
    await flush();
    last().ready();
    last().drop(1006);
    expect(client.status.get()).toBe('busy');
    await flush();
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(2);
    expect(last().url).toContain('token=t2');
  });

  it(`${CLOSE_BEHIND} (too far behind): reconnects at once and fetches what it missed`, async () => {
    const { client, ticket } = setup();
    const missed = vi.fn();
    client.on('reconnected', missed);
    client.start();
    await flush();
    last().ready();
    last().drop(CLOSE_BEHIND);
    await flush();
    expect(ticket).toHaveBeenCalledTimes(2);
    last().ready();
    expect(missed).toHaveBeenCalledTimes(1);
    expect(client.status.get()).toBe('connected');
  });

  it('1006 coming back before the socket was ever ready waits 3 s × attempt', async () => {
    const { client } = setup();
    client.start();
    await flush();
    last().drop(1006);
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    last().drop(1006);
    await vi.advanceTimersByTimeAsync(5999);
    expect(FakeSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('1008: no retry and no alert', async () => {
    const { client, problems, ticket } = setup();
    client.start();
    await flush();
    last().ready();
    last().drop(1008);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ticket).toHaveBeenCalledTimes(1);
    expect(problems).toEqual([]);
    expect(client.status.get()).toBe('undefined');
  });

  it('other codes: three retries after 3, 6 and 9 s, then cannotConnect', async () => {
    const { client, problems } = setup();
    client.start();
    await flush();
    for (const delay of [3000, 6000, 9000]) {
      const before = FakeSocket.all.length;
      last().drop(1011);
      expect(client.status.get()).toBe('busy');
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.all).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
    }
    expect(problems).toEqual([]);
    last().drop(1011);
    expect(problems).toEqual(['cannotConnect']);
    expect(client.status.get()).toBe('undefined');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('a successful connection starts the retry count again', async () => {
    const { client, problems } = setup();
    client.start();
    await flush();
    last().drop(1011);
    await vi.advanceTimersByTimeAsync(3000);
    last().drop(1011);
    await vi.advanceTimersByTimeAsync(6000);
    last().ready();
    last().drop(1011);
    // The first retry again: 3 s, not 9 s.
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSocket.all).toHaveLength(4);
    expect(problems).toEqual([]);
  });

  it('a ticket refused during a reconnect reports cannotGetToken', async () => {
    let calls = 0;
    const { client, problems } = setup({ ticket: async () => ((calls += 1) === 1 ? 't1' : Promise.reject(new TicketRefused('expired'))) });
    client.start();
    await flush();
    last().ready();
    last().drop(1006);
    await flush();
    expect(problems).toEqual(['cannotGetToken']);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('stop closes with 1000, cancels a pending retry and never reconnects', async () => {
    const { client } = setup();
    client.start();
    await flush();
    const socket = last();
    socket.ready();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(client.status.get()).toBe('undefined');
    socket.drop(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    client.start();
    await flush();
    last().drop(1011);
    client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('socket client: dead links and the network', () => {
  it('a ping left unanswered closes the socket, which then reconnects with a new ticket', async () => {
    const { client, ticket } = setup();
    client.start();
    await flush();
    const socket = last();
    socket.ready();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS + 10_000);
    expect(socket.closedWith).toBe(4000);
    socket.drop(4000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(ticket).toHaveBeenCalledTimes(2);
    expect(FakeSocket.all).toHaveLength(2);
    expect(client.status.get()).toBe('busy');
  });

  it('a network failure while getting a ticket is retried, not final', async () => {
    let calls = 0;
    const { client, problems } = setup({ ticket: async () => ((calls += 1) === 1 ? Promise.reject(new TypeError('Failed to fetch')) : `t${calls}`) });
    client.start();
    await flush();
    expect(problems).toEqual([]);
    expect(FakeSocket.all).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(FakeSocket.all).toHaveLength(1);
    last().ready();
    expect(client.status.get()).toBe('connected');
  });

  it('stop and start while a ticket is on its way open one socket, not two', async () => {
    let release: (t: string) => void = () => {};
    const { client } = setup({ ticket: () => new Promise<string>((resolve) => (release = resolve)) });
    client.start();
    const first = release;
    client.stop();
    client.start();
    first('old');
    release('new');
    await flush();
    expect(FakeSocket.all.map((s) => s.url)).toEqual([expect.stringContaining('token=new')]);
  });
});

describe('socket client: messages', () => {
  it(`pings every ${PING_INTERVAL_MS / 1000} s with a __ts, only once connected`, async () => {
    const { client } = setup();
    client.start();
    await flush();
    const socket = last();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent).toHaveLength(0);
    socket.ready();
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS - 1);
    expect(socket.sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toHaveLength(1);
    expect(socket.sent[0]).toMatchObject({ e: 'app:ping' });
    expect(socket.sent[0].__ts).toBeTruthy();
    socket.receive({ __ts: socket.sent[0].__ts, e: 'app:ping', d: { t: 1 } });
    await vi.advanceTimersByTimeAsync(PING_INTERVAL_MS);
    expect(socket.sent.map((m) => m.e)).toEqual(['app:ping', 'app:ping']);
    expect(socket.sent[1].__ts).not.toBe(socket.sent[0].__ts);
  });

  it('matches replies to requests by __ts, whatever their order; an error reply rejects', async () => {
    const { client } = setup();
    client.start();
    await flush();
    const socket = last();
    socket.ready();
    const a = client.request('chat:typing', { conversationId: 'a' });
    const b = client.request('chat:typing', { conversationId: 'b' });
    const c = client.request('chat:nope');
    const [ma, mb, mc] = socket.sent;
    expect(ma).toMatchObject({ e: 'chat:typing', d: { conversationId: 'a' } });
    socket.receive({ __ts: mb.__ts, e: 'chat:typing', d: 'B' });
    socket.receive({ __ts: ma.__ts, e: 'chat:typing', d: 'A' });
    socket.receive({ __ts: mc.__ts, e: 'chat:nope', error: { message: 'Unknown event chat:nope' } });
    await expect(a).resolves.toBe('A');
    await expect(b).resolves.toBe('B');
    await expect(c).rejects.toThrow('Unknown event chat:nope');
  });

  it('a reply is not mistaken for an event, and events reach their listeners', async () => {
    const { client } = setup();
    const seen: unknown[] = [];
    const off = client.on('chat:message', (d) => seen.push(d));
    client.start();
    await flush();
    last().ready();
    void client.request('chat:message', {});
    last().receive({ __ts: last().sent[0].__ts, e: 'chat:message', d: 'reply' });
    last().receive({ e: 'chat:message', d: { id: 1 } });
    expect(seen).toEqual([{ id: 1 }]);
    off();
    last().receive({ e: 'chat:message', d: { id: 2 } });
    expect(seen).toEqual([{ id: 1 }]);
  });

  it('requests fail at once when not connected, and pending ones fail when the socket closes', async () => {
    const { client } = setup();
    await expect(client.request('chat:typing')).rejects.toThrow();
    client.start();
    await flush();
    last().ready();
    const pending = client.request('chat:typing');
    last().drop(1006);
    await expect(pending).rejects.toThrow('Socket closed');
  });

  it("emits 'reconnected' after a reconnect (not the first connection) and on the server's resync", async () => {
    const { client } = setup();
    const reconnected = vi.fn();
    client.on('reconnected', reconnected);
    client.start();
    await flush();
    last().ready();
    expect(reconnected).not.toHaveBeenCalled();
    last().drop(1006);
    await flush();
    expect(reconnected).not.toHaveBeenCalled();
    last().ready();
    expect(reconnected).toHaveBeenCalledTimes(1);
    last().receive({ e: 'app:resync', d: null });
    expect(reconnected).toHaveBeenCalledTimes(2);
  });
});
