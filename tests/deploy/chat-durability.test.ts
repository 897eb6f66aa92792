import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshDatabase, seedChat, type ChatSeed } from './chat-seed';
import { halt, launch, type Instance } from './stack';

// Issue "Realtime capacity", nothing lost: on each database, a kill -9 of the compiled server
// in the middle of a full-speed run loses no message it acknowledged (201), and after the
// restart a client that was away catches up as the browser does (the socket, then
// GET …/messages?after=<last seq seen>) and ends with every message exactly once, no gap.

const SECRET = randomBytes(32).toString('base64url');
const IN_FLIGHT = 16;
/** The run is killed once this many posts were acknowledged, or after KILL_AFTER_MS. */
const KILL_AT_ACKS = 300;
const KILL_AFTER_MS = 1500;
const PAGE = 100;

type Message = { id: string; seq: number; body: string; conversationId: string };
type Frame = { e?: string; d?: { conversationId?: string; message?: Message } };

/** Resolves once `check` holds, polling briefly; fails with `what` after `timeoutMs`. */
async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each([{ database: 'embedded' }, { database: 'PostgreSQL' }])('chat messages on the $database database', ({ database }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atrio-durable-'));
  let env: NodeJS.ProcessEnv;
  let seed: ChatSeed;
  let server: Instance | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;

  const origin = () => `http://127.0.0.1:${server!.port}`;
  const messagesUrl = () => `${origin()}/api/chats/conversations/${seed.conversationId}/messages`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Posts one message as member `from`; the stored message on 201, else throws. */
  async function post(body: string, from = 0): Promise<Message> {
    const res = await fetch(messagesUrl(), {
      method: 'POST',
      headers: { ...auth(seed.tokens[from]), 'content-type': 'application/json' },
      body: JSON.stringify({ body }),
    });
    if (res.status !== 201) throw new Error(`POST ${body}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: { message: Message } }).data.message;
  }

  /** Pages of GET …/messages?after=, ascending, from `after` to the end. */
  async function listAfter(after: number, as: number, limit = PAGE): Promise<{ messages: Message[]; pages: number }> {
    const messages: Message[] = [];
    let cursor = after;
    for (let pages = 1; ; pages += 1) {
      const res = await fetch(`${messagesUrl()}?after=${cursor}&limit=${limit}`, { headers: auth(seed.tokens[as]) });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { messages: Message[]; hasMore: boolean } };
      messages.push(...data.messages);
      if (!data.hasMore || data.messages.length === 0) return { messages, pages };
      cursor = data.messages[data.messages.length - 1].seq;
    }
  }

  /** A user socket of member `as` that records every chat:message of the channel; resolves once the server said app:ready. */
  async function socket(as: number): Promise<{ ws: WebSocket; received: Message[] }> {
    const ws = new WebSocket(`ws://127.0.0.1:${server!.port}/ws/v1?token=${seed.tokens[as]}&as=user`);
    const received: Message[] = [];
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no app:ready within 10 s')), 10_000);
      // Kept after app:ready too: an error with no listener would end the test process.
      ws.on('error', reject);
      ws.once('close', (code) => reject(new Error(`socket closed with ${code} before app:ready`)));
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as Frame;
        if (frame.e === 'app:ready') {
          clearTimeout(timer);
          resolve();
        }
        if (frame.e === 'chat:message' && frame.d?.conversationId === seed.conversationId && frame.d.message) received.push(frame.d.message);
      });
    });
    return { ws, received };
  }

  beforeAll(async () => {
    let databaseUrl: string | undefined;
    if (database === 'PostgreSQL') {
      const serverUrl = process.env.TEST_DATABASE_URL;
      if (!serverUrl) throw new Error('run through `npm run test:deploy` (PostgreSQL comes from scripts/with-postgres.sh)');
      const fresh = await freshDatabase(serverUrl);
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // The sender (0) and a reader (1) who reconnects; one more member who only belongs.
    seed = await seedChat({ dataDir, databaseUrl, secret: SECRET, members: 3 });
    env = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      AUTH_SECRET: SECRET,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      // One sender at full speed: the per-user limit would refuse most of it.
      CHAT_MESSAGES_PER_MINUTE: '1000000',
    };
    delete env.DATABASE_URL;
    delete env.STORAGE_URL;
    delete env.PUBLIC_URL;
    if (databaseUrl) env.DATABASE_URL = databaseUrl;
    server = await launch(`durable-${database}`, dataDir, env);
  });

  afterAll(async () => {
    if (server) await halt(server);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged message when the server is killed with SIGKILL at full speed', async () => {
    const attempted = new Set<string>();
    const acknowledged = new Map<string, Message>();
    const refused: string[] = [];
    let inFlight = 0;
    let next = 0;
    let killed = false;
    // A warm server: its first requests would only measure start-up.
    for (let i = 0; i < 5; i += 1) {
      const body = `warm-${i}`;
      attempted.add(body);
      const message = await post(body);
      acknowledged.set(message.id, message);
    }
    const started = Date.now();
    const worker = async () => {
      while (!killed) {
        const body = `kill-${(next += 1)}`;
        attempted.add(body);
        inFlight += 1;
        try {
          const message = await post(body);
          acknowledged.set(message.id, message);
        } catch (error) {
          // Before the kill every post must succeed; after it, only connection failures are expected.
          if (!killed) refused.push(String(error));
        } finally {
          inFlight -= 1;
        }
      }
    };
    const workers = Array.from({ length: IN_FLIGHT }, worker);
    await until(() => acknowledged.size >= KILL_AT_ACKS || Date.now() - started >= KILL_AFTER_MS || refused.length > 0, 'the run', 30_000);
    const refusedBeforeKill = [...refused];
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    const pendingAtKill = inFlight;
    const ranMs = Date.now() - started;
    // The node process itself (launch spawns the compiled server with no wrapper).
    server!.child.kill('SIGKILL');
    killed = true;
    await exited;
    await Promise.all(workers);
    expect(refusedBeforeKill).toEqual([]);
    // The kill came with requests under way: some may be stored and never acknowledged.
    expect(pendingAtKill).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(0);

    // The same data directory / database: whatever the kill left must not stop the restart.
    const restarting = Date.now();
    server = await launch(`durable-${database}-restarted`, dataDir, env);
    const restartMs = Date.now() - restarting;
    const { messages: stored } = await listAfter(0, 0);
    const storedIds = stored.map((m) => m.id);
    const counts = new Map<string, number>();
    for (const id of storedIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    const lost = [...acknowledged.keys()].filter((id) => counts.get(id) !== 1);
    expect(lost, `acknowledged but not stored exactly once (${lost.length} of ${acknowledged.size})`).toEqual([]);
    expect(new Set(storedIds).size).toBe(storedIds.length);
    // Seqs strictly increasing, bodies unique and each one of those sent.
    const seqs = stored.map((m) => m.seq);
    expect(seqs.every((seq, i) => i === 0 || seq > seqs[i - 1])).toBe(true);
    const bodies = stored.map((m) => m.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies.filter((b) => !attempted.has(b))).toEqual([]);
    // Each acknowledgement named the message as stored.
    for (const message of stored) {
      const ack = acknowledged.get(message.id);
      if (ack) expect({ seq: message.seq, body: message.body }).toEqual({ seq: ack.seq, body: ack.body });
    }
    expect(stored.length).toBeGreaterThanOrEqual(acknowledged.size);
    expect(stored.length).toBeLessThanOrEqual(attempted.size);
    console.info(
      `${database}: ${acknowledged.size} acknowledged, killed after ${ranMs} ms, ${pendingAtKill} in flight at the kill, ${stored.length} stored after the restart (healthy in ${restartMs} ms)`,
    );
  }, 180_000);

  it('gives a client that reconnects what it missed exactly once, with no gap', async () => {
    const reader = 1;
    // Connected: it sees what is posted, up to a last seq.
    const first = await socket(reader);
    const before: Message[] = [];
    for (let i = 0; i < 20; i += 1) before.push(await post(`before-${i}`));
    await until(() => before.every((m) => first.received.some((r) => r.id === m.id)), 'the first socket to receive what was posted');
    const lastSeen = Math.max(...first.received.map((m) => m.seq));
    expect(lastSeen).toBe(Math.max(...before.map((m) => m.seq)));
    const closed = new Promise((resolve) => first.ws.once('close', resolve));
    first.ws.close();
    await closed;

    // Away: messages it cannot receive (more than a page of the catch-up's size, so it pages).
    const missed: Message[] = [];
    const MISSED = 50;
    let n = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (n < MISSED) missed.push(await post(`missed-${(n += 1)}`));
      }),
    );

    // Back: new messages keep coming, at full speed, while it reconnects and catches up.
    const live: Message[] = [];
    let liveDone = false;
    let m = 0;
    const LIVE = 60;
    const posting = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (m < LIVE) live.push(await post(`live-${(m += 1)}`));
      }),
    ).finally(() => (liveDone = true));
    const second = await socket(reader);
    // The socket is subscribed: anything committed after the page's read arrives on it.
    const catchUp = await listAfter(lastSeen, reader, 20);
    await posting;
    expect(liveDone).toBe(true);
    // What the page did not hold must come over the socket; a message in neither is a gap.
    const inPage = new Set(catchUp.messages.map((x) => x.id));
    const missing = () => live.filter((p) => !inPage.has(p.id) && !second.received.some((r) => r.id === p.id)).map((p) => p.body);
    await until(() => missing().length === 0, 'the second socket to receive what the catch-up did not hold').catch(() => undefined);
    expect(missing()).toEqual([]);
    second.ws.close();

    // Neither source repeats itself.
    expect(new Set(catchUp.messages.map((x) => x.id)).size).toBe(catchUp.messages.length);
    expect(new Set(second.received.map((x) => x.id)).size).toBe(second.received.length);
    expect(catchUp.pages).toBeGreaterThan(1);

    // Merged by id as the browser does; with what the first socket had, each message once.
    const merged = new Map<string, Message>();
    for (const x of [...catchUp.messages, ...second.received]) merged.set(x.id, x);
    const seen = new Map<string, number>();
    for (const x of [...first.received, ...merged.values()]) seen.set(x.id, (seen.get(x.id) ?? 0) + 1);
    const posted = [...before, ...missed, ...live];
    expect(posted.filter((p) => seen.get(p.id) !== 1).map((p) => p.body)).toEqual([]);
    expect(seen.size).toBe(posted.length);

    // No gap: from the first seq after the last one seen to the newest, every seq is there.
    const seqs = [...merged.values()].map((x) => x.seq).sort((a, b) => a - b);
    expect(seqs[0]).toBe(lastSeen + 1);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => lastSeen + 1 + i));
    expect(seqs.length).toBe(missed.length + live.length);
    const overlap = catchUp.messages.filter((x) => second.received.some((r) => r.id === x.id)).length;
    console.info(
      `${database}: caught up ${catchUp.messages.length} in ${catchUp.pages} pages, ${second.received.length} live on the new socket, ${overlap} in both`,
    );
  }, 120_000);
});
