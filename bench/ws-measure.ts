import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type WebSocket from 'ws';
import { openSockets, parseFrame, percentile } from './ws-lib';

// bench/ws.ts's clients: receivers that time every delivery, the two send paths, and the two
// ways of measuring (a fixed rate, and full speed with a window of messages in flight).

/** `phase`: the tag of the phase being measured; a late delivery of an earlier one (still queued when it ended) is not counted. */
export type Receivers = { sockets: WebSocket[]; latencies: number[]; delivered: number; own: Map<string, () => void>; phase: string };

/** Clients that record the latency of every message they receive (the body carries the send time). */
export async function receivers(count: number, url: (i: number) => string, first = 0, keepalive = true): Promise<Receivers> {
  const r: Receivers = { sockets: [], latencies: [], delivered: 0, own: new Map(), phase: 'none' };
  r.sockets = await openSockets(
    count,
    url,
    (i, data) => {
      const body = chatBody(data);
      // The first receiver checks the search against a parse, so a change of the frame's shape cannot go unseen.
      if (i === first) {
        const frame = parseFrame(data);
        if (body !== (frame.e === 'chat:message' ? frame.d?.message?.body : undefined)) throw new Error(`chatBody misread a frame: ${data.toString()}`);
      }
      if (body === undefined) return;
      const [tag, sent, id] = body.split(':');
      if (tag !== r.phase) return;
      r.delivered += 1;
      r.latencies.push(Date.now() - Number(sent));
      // The first receiver stands for "the message went out": it frees a window slot.
      if (i === first) r.own.get(id)?.();
    },
    first,
    keepalive,
  );
  return r;
}

const CHAT_MESSAGE = Buffer.from('"e":"chat:message"');
const BODY = Buffer.from('"body":"');
const QUOTE = '"'.charCodeAt(0);

/**
 * The body of a chat:message frame, found in its bytes rather than by parsing them: the
 * thousand receivers share a core with the sender, and parsing every frame held our full
 * speed at 1,000 clients to 93–117 messages/s where this gives 155–162. Both servers
 * write the message's `body` before any other `body` (the first receiver checks it against a
 * parse); the bench's bodies hold no quotes or escapes.
 */
export function chatBody(data: Buffer): string | undefined {
  if (data.indexOf(CHAT_MESSAGE) < 0) return undefined;
  const at = data.indexOf(BODY);
  if (at < 0) return undefined;
  const start = at + BODY.length;
  return data.toString('utf8', start, data.indexOf(QUOTE, start));
}

export function close(r: { sockets: WebSocket[] }) {
  for (const ws of r.sockets) ws.terminate();
}

/** Sends one message; resolves once the server acknowledged it (201, or the socket's reply). */
export type Send = (body: string) => Promise<void>;

/** Through the chats API, text only, as the composer sends a message without files. */
export function apiSender(port: number, conversationId: string, token: string): Send {
  // node:http on one kept-alive connection rather than fetch: fetch's streams cost this
  // process (busy timing a thousand receivers) several turns of its loop per message, which
  // the latency would count as the server's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const path = `/api/chats/conversations/${conversationId}/messages`;
  return (body) =>
    new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (res.statusCode === 201 ? resolve() : reject(new Error(`post: ${res.statusCode} ${Buffer.concat(chunks).toString('utf8')}`))));
      });
      req.on('error', reject);
      req.end(JSON.stringify({ body }));
    });
}

/**
 * Through the sender's own socket (`chat:send`, the reply carries the request's `__ts`).
 * Null when the server does not know the request ("Unknown event"). `slot` numbers the
 * sender's address, apart from the receivers'.
 */
export async function socketSender(port: number, conversationId: string, token: string, slot = 0): Promise<{ send: Send; close(): void } | null> {
  const pending = new Map<string, (error?: Error) => void>();
  const [ws] = await openSockets(
    1,
    () => `ws://127.0.0.1:${port}/ws/v1?token=${token}&as=user`,
    (_, data) => {
      const frame = parseFrame(data);
      const done = frame.__ts === undefined ? undefined : pending.get(String(frame.__ts));
      if (!done) return;
      pending.delete(String(frame.__ts));
      done(frame.error ? new Error(frame.error.message) : undefined);
    },
    // Addresses of the last block, never a receiver's.
    250 * 250 + slot,
  );
  const run = Date.now().toString(36);
  let n = 0;
  const send: Send = (body) =>
    new Promise<void>((resolve, reject) => {
      n += 1;
      const ts = `s${n}`;
      const timer = setTimeout(() => {
        pending.delete(ts);
        reject(new Error('chat:send: no reply within 10 s'));
      }, 10_000);
      pending.set(ts, (error) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      });
      ws.send(JSON.stringify({ __ts: ts, e: 'chat:send', d: { conversationId, body, clientKey: `bench-${run}-${n}` } }));
    });
  try {
    await send('warmup:0:socket');
  } catch (error) {
    ws.terminate();
    if (error instanceof Error && error.message === 'Unknown event') return null;
    throw error;
  }
  return { send, close: () => ws.terminate() };
}

type Failures = { failed: number; firstError?: string };
const failure = (f: Failures) => (error: unknown) => {
  f.failed += 1;
  f.firstError ??= error instanceof Error ? error.message : String(error);
};

let phases = 0;
/** Starts a new phase for these receivers; messages sent in it carry the returned tag. */
function reset(groups: Receivers[]): string {
  const tag = `bench${(phases += 1)}`;
  for (const r of groups) {
    r.latencies = [];
    r.delivered = 0;
    r.phase = tag;
  }
  return tag;
}

/**
 * A second of messages at `rate`, not counted: the first deliveries to a thousand new
 * sockets run code neither process has compiled yet (the server's fan-out, the receivers'
 * frame handling), and cost 100 ms and more each for the first few messages.
 */
export async function warmUp(groups: Receivers[], send: Send, rate: number) {
  await atRate(groups, send, rate, 1);
}

/** Fixed rate: `rate` messages/s for `seconds`; for each group of receivers, the latency of every delivery. */
export async function atRate(groups: Receivers[], send: Send, rate: number, seconds: number) {
  const tag = reset(groups);
  const total = Math.round(rate * seconds);
  const f: Failures = { failed: 0 };
  const started = Date.now();
  const sends: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const wait = started + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    sends.push(send(`${tag}:${Date.now()}:r${i}`).catch(failure(f)));
  }
  await Promise.all(sends);
  await sleep(1000);
  return {
    ...f,
    sent: total,
    groups: groups.map((g) => ({
      deliveredPerS: g.delivered / seconds,
      share: g.delivered / (total * g.sockets.length),
      p50: percentile(g.latencies, 50),
      p99: percentile(g.latencies, 99),
    })),
  };
}

/** As fast as it goes with `window` messages in flight, each freed when acknowledged and delivered to the first receiver. */
export async function flat(r: Receivers, send: Send, window: number, seconds: number) {
  const tag = reset([r]);
  const f: Failures = { failed: 0 };
  const started = Date.now();
  let n = 0;
  let acked = 0;
  const worker = async () => {
    while (Date.now() - started < seconds * 1000) {
      const id = `f${(n += 1)}`;
      const done = new Promise<void>((resolve) => r.own.set(id, resolve));
      try {
        await send(`${tag}:${Date.now()}:${id}`);
        acked += 1;
        await Promise.race([done, sleep(5000)]);
      } catch (error) {
        failure(f)(error);
      } finally {
        r.own.delete(id);
      }
    }
  };
  await Promise.all(Array.from({ length: window }, worker));
  const elapsed = (Date.now() - started) / 1000;
  return { ...f, acked, ackedPerS: acked / elapsed, deliveredPerS: r.delivered / elapsed, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99) };
}
