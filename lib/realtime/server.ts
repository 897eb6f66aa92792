import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { sessionClaims } from '../auth/sessions';
import type { AccessClaims } from '../auth/claims';
import { getDb } from '../db/client';
import { env } from '../env';
import { logger } from '../log/logger';
import type { Envelope, SocketGrant } from './audience';
import { socketHandlers, type SocketHandlers } from './handlers';
import { createHub, type Connection } from './hub';
import {
  CLOSE_GOING_AWAY,
  CLOSE_POLICY,
  GRANTS_EVENT,
  MAX_FRAME_BYTES,
  PING_EVENT,
  RATE_LIMIT,
  READY_EVENT,
  RESYNC_EVENT,
  SILENCE_LIMIT_MS,
  WS_PATH,
  type ClientMessage,
} from './protocol';
import { pubsub as defaultPubSub, type PubSub } from './pubsub';
import { socketIdentity } from './tickets';

export { GRANTS_EVENT, MAX_FRAME_BYTES, WS_PATH } from './protocol';

// Changes announce themselves (announceGrants); as a safety net every socket's grant is
// also re-read within this period, a few sockets at a time.
const REGRANT_MS = 120_000;

function grantOf(claims: AccessClaims): SocketGrant {
  return { userId: claims.sub, projectId: claims.pid ?? null, isRoot: claims.prr, permissions: claims.perms };
}

function sameGrant(a: SocketGrant, b: SocketGrant): boolean {
  return a.projectId === b.projectId && a.isRoot === b.isRoot && a.permissions.join() === b.permissions.join();
}

function reply(ws: WebSocket, message: Record<string, unknown>) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
}

/** Browsers always send Origin: a foreign page must not open a socket with the visitor's cookie-bought ticket. */
export function allowedOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser
  try {
    const o = new URL(origin);
    return o.host === req.headers.host || o.origin === new URL(env().PUBLIC_URL).origin;
  } catch {
    return false;
  }
}

/** Counts a message against the socket's window; false when it is over the limit. */
function withinRate(c: Connection, now: number): boolean {
  while (c.recent.length > 0 && c.recent[0] <= now - RATE_LIMIT.windowMs) c.recent.shift();
  if (c.recent.length >= RATE_LIMIT.messages) return false;
  c.recent.push(now);
  return true;
}

type Options = {
  pubsub?: PubSub;
  handlers?: SocketHandlers;
  /** Tests shorten these; the defaults are SPEC.md's two ping intervals and a 5 s sweep. */
  silenceLimitMs?: number;
  sweepMs?: number;
};

export function createRealtime(options: Options = {}) {
  const bus = options.pubsub ?? defaultPubSub();
  const handlers = options.handlers ?? socketHandlers;
  const silenceLimit = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  const sweepMs = options.sweepMs ?? 5000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const hub = createHub();

  async function onMessage(c: Connection, raw: string) {
    c.lastSeen = Date.now();
    let msg: ClientMessage;
    try {
      msg = JSON.parse(raw) as ClientMessage;
    } catch {
      return reply(c.ws, { error: { message: 'Invalid JSON' } });
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return reply(c.ws, { error: { message: 'Expected a JSON object' } });
    const ts = msg.__ts;
    if (!withinRate(c, c.lastSeen)) return reply(c.ws, { __ts: ts, error: { message: 'Too many messages' } });
    if (msg.e === PING_EVENT) return reply(c.ws, { __ts: ts, e: PING_EVENT, d: { t: Date.now() } });
    const handler = typeof msg.e === 'string' ? handlers[msg.e] : undefined;
    if (!handler) return reply(c.ws, { __ts: ts, error: { message: `Unknown event: ${String(msg.e)}` } });
    try {
      const d = await handler({ db: getDb(), grant: c.grant, publish: (envelope) => bus.publish(envelope) }, msg.d);
      reply(c.ws, { __ts: ts, e: msg.e, d: d ?? null });
    } catch (error) {
      reply(c.ws, { __ts: ts, e: msg.e, error: { message: error instanceof Error ? error.message : 'Failed' } });
    }
  }

  /** Re-reads a socket's grant; a session that ended closes it for good. */
  async function regrant(c: Connection) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    const claims = await sessionClaims(getDb(), c.sessionId);
    if (!claims) return c.ws.close(CLOSE_POLICY, 'Session ended');
    const next = grantOf(claims);
    if (!sameGrant(c.grant, next)) hub.regrant(c, next);
  }

  // Re-reads run one after another: a change announced to a project of a thousand sockets
  // must not stall the event loop (and every delivery) with a thousand queries at once.
  const due = new Set<Connection>();
  let draining = false;
  async function drain() {
    if (draining) return;
    draining = true;
    try {
      for (const c of due) {
        due.delete(c);
        await regrant(c).catch((error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'socket grant check failed'));
      }
    } finally {
      draining = false;
    }
  }
  function recheck(connections: Iterable<Connection>) {
    for (const c of connections) due.add(c);
    void drain();
  }

  function accept(ws: WebSocket, sessionId: string, claims: AccessClaims) {
    const c: Connection = { ws, sessionId, grant: grantOf(claims), lastSeen: Date.now(), recent: [] };
    hub.add(c);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'Text frames only');
      onMessage(c, data.toString()).catch((error) => logger.error({ err: error instanceof Error ? error.message : String(error) }, 'socket message failed'));
    });
    ws.on('close', () => hub.remove(c));
    ws.on('error', (error) => logger.debug({ err: error.message }, 'socket error'));
    reply(ws, { e: READY_EVENT, d: { userId: c.grant.userId, projectId: c.grant.projectId } });
  }

  const unsubscribe = bus.subscribe((envelope: Envelope) => {
    if (envelope.e === GRANTS_EVENT) {
      const { customers = [], projectId } = envelope.audience;
      const affected = new Set([...customers.flatMap((id) => hub.ofUser(id)), ...(projectId ? hub.ofProject(projectId) : [])]);
      recheck(affected);
      return;
    }
    hub.deliver(envelope);
  });
  const unresync = bus.onResync(() => {
    for (const c of hub.all) reply(c.ws, { e: RESYNC_EVENT, d: null });
  });

  // One timer for every socket: drop the silent, and queue each sweep's share of the
  // periodic grant checks (every socket once per REGRANT_MS).
  let tick = 0;
  const sweep = setInterval(() => {
    const now = Date.now();
    const slots = Math.max(1, Math.round(REGRANT_MS / sweepMs));
    tick = (tick + 1) % slots;
    let i = 0;
    const share: Connection[] = [];
    for (const c of hub.all) {
      if (now - c.lastSeen > silenceLimit) c.ws.terminate();
      else if (i % slots === tick) share.push(c);
      i += 1;
    }
    recheck(share);
  }, sweepMs);
  sweep.unref();

  return {
    wss,
    hub,
    /** Returns true when the upgrade was ours (answered, accepted or refused). */
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname !== WS_PATH) return false;
      if (!allowedOrigin(req)) {
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      const token = url.searchParams.get('token');
      void (async () => {
        const identity = await socketIdentity(getDb(), token).catch(() => null);
        const claims = identity ? await sessionClaims(getDb(), identity.sessionId).catch(() => null) : null;
        wss.handleUpgrade(req, socket, head, (ws) => {
          // The close code tells the client not to retry: a new ticket is what it needs.
          if (!claims || claims.sub !== identity?.userId) return ws.close(CLOSE_POLICY, 'Invalid token');
          accept(ws, identity.sessionId, claims);
        });
      })();
      return true;
    },
    /** Tells every client the server is going away (1001), waiting up to 1 s for their goodbyes. */
    async close(): Promise<void> {
      clearInterval(sweep);
      unsubscribe();
      unresync();
      await Promise.all(
        [...wss.clients].map(
          (ws) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                ws.terminate();
                resolve();
              }, 1000);
              ws.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              ws.close(CLOSE_GOING_AWAY, 'Server shutting down');
            }),
        ),
      );
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
