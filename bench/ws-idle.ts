import { setTimeout as sleep } from 'node:timers/promises';
import { get, round, stop, table } from './lib';
import { openSockets, parseFrame, percentile, progress, rssMb, seed, startApp } from './ws-lib';

// bench/ws.ts's idle phase: what an open socket costs the server in memory, and whether
// heartbeats are still answered on time with thousands of sockets open.

/** The server runs a full collection 15–20 s after the last HTTP request (lib/ops/idle-gc.ts): waiting this long after one request sees it done. */
const IDLE_GC_WAIT_MS = 31_000;
/** The time the server is left alone after the sockets opened, before its memory is read. */
const SETTLE_MS = 3_000;
const SAMPLE_EVERY = 10;
const PING_ROUNDS = 2;
const PING_ROUND_MS = 3_000;

export type IdleResult = {
  sockets: number;
  open: number;
  openSeconds: number;
  rssBefore: number;
  rssAfter: number;
  rssAfterGc: number;
  pings: number;
  lost: number;
  p50: number;
  p99: number;
};

/** Seeds `count` staff with sessions on a fresh server, opens a socket for each and measures. */
export async function idlePhase(count: number, dataDir: string, databaseUrl: string | undefined): Promise<IdleResult> {
  progress(`idle sockets: seeding ${count} users…`);
  const seeded = await seed(dataDir, count, databaseUrl);
  const { child, port } = await startApp('Atrio server (idle sockets)', dataDir, databaseUrl);
  const url = (token: string) => `ws://127.0.0.1:${port}/ws/v1?token=${token}&as=user`;
  const timers: NodeJS.Timeout[] = [];
  let sockets: Awaited<ReturnType<typeof openSockets>> = [];
  try {
    // One socket first, so the code of the socket path is loaded before "before".
    const [warm] = await openSockets(
      1,
      () => url(seeded.senderToken),
      () => {},
      250 * 250,
    );
    warm.terminate();
    progress('idle sockets: waiting for the server to settle (its idle collection)…');
    await sleep(IDLE_GC_WAIT_MS);
    const rssBefore = rssMb(child.proc.pid);

    progress(`idle sockets: opening ${count}…`);
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const onFrame = (_: number, data: Buffer) => {
      const frame = parseFrame(data);
      if (frame.e !== 'app:ping' || typeof frame.__ts !== 'string') return;
      const at = sentAt.get(frame.__ts);
      if (at === undefined) return;
      sentAt.delete(frame.__ts);
      latencies.push(performance.now() - at);
    };
    const opened = performance.now();
    sockets = await openSockets(count, (i) => url(seeded.tokens[i]), onFrame);
    const openSeconds = (performance.now() - opened) / 1000;
    await sleep(SETTLE_MS);
    const rssAfter = rssMb(child.proc.pid);

    progress(`idle sockets: pings from every ${SAMPLE_EVERY}th socket…`);
    let pings = 0;
    for (let r = 0; r < PING_ROUNDS; r += 1) {
      for (let i = 0; i < sockets.length; i += SAMPLE_EVERY) {
        const ws = sockets[i];
        const ts = `p${i}-${r}`;
        timers.push(
          setTimeout(() => {
            if (ws.readyState !== ws.OPEN) return;
            sentAt.set(ts, performance.now());
            ws.send(JSON.stringify({ __ts: ts, e: 'app:ping' }));
          }, Math.random() * PING_ROUND_MS),
        );
        pings += 1;
      }
      await sleep(PING_ROUND_MS);
    }
    await sleep(5_000);

    progress('idle sockets: waiting for the idle collection again…');
    await get(`http://127.0.0.1:${port}/api/health`);
    await sleep(IDLE_GC_WAIT_MS);
    const rssAfterGc = rssMb(child.proc.pid);
    const open = sockets.filter((ws) => ws.readyState === ws.OPEN).length;
    return {
      sockets: count,
      open,
      openSeconds,
      rssBefore,
      rssAfter,
      rssAfterGc,
      pings,
      lost: pings - latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
    };
  } finally {
    for (const t of timers) clearTimeout(t);
    for (const ws of sockets) ws.terminate();
    await stop(child).catch(() => undefined);
  }
}

const kbPer = (fromMb: number, toMb: number, count: number) => String(Math.round(((toMb - fromMb) * 1024) / count));

export function idleTable(r: IdleResult, database: string): string {
  return (
    `Idle sockets (${database}): the server's resident memory before and after opening them, and app:ping round trips from every ${SAMPLE_EVERY}th socket while all are open (ms). Aim <= 50 kB per socket\n\n` +
    table(
      [
        'sockets',
        'open at end',
        'opened in s',
        'RSS before MB',
        'RSS after MB',
        'kB/socket',
        'after idle GC MB',
        'kB/socket after GC',
        'ping p50',
        'ping p99',
        'pings lost',
      ],
      [
        [
          String(r.sockets),
          String(r.open),
          String(round(r.openSeconds, 1)),
          String(Math.round(r.rssBefore)),
          String(Math.round(r.rssAfter)),
          kbPer(r.rssBefore, r.rssAfter, r.sockets),
          String(Math.round(r.rssAfterGc)),
          kbPer(r.rssBefore, r.rssAfterGc, r.sockets),
          String(round(r.p50, 1)),
          String(round(r.p99, 1)),
          `${r.lost}/${r.pings}`,
        ],
      ],
    )
  );
}
