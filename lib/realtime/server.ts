import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { sessionClaims } from '../auth/sessions';
import { getDb } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { env } from '../env';
import { logger, requestContext } from '../log/logger';
import type { Envelope, SocketGrant } from './audience';
import { clientAddress, createCaps, SOCKET_LIMITS, type Cap, type SocketLimits } from './caps';
import { SocketError } from './errors';
import { grantFor, sameGrant } from './grant';
import { socketHandlers, type SocketHandlers } from './handlers';
import { createHub, type Connection } from './hub';
import {
  CLOSE_GOING_AWAY,
  CLOSE_POLICY,
  CLOSE_TRY_LATER,
  CLOSE_UNAVAILABLE,
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
import { errorText } from '../log/error-text';

export { GRANTS_EVENT, MAX_FRAME_BYTES, WS_PATH } from './protocol';
export { SOCKET_LIMITS, type SocketLimits } from './caps';

// Changes announce themselves (announceGrants); as a safety net every socket's grant is
// also re-read within this period, a few sockets at a time.
const REGRANT_MS = 120_000;

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
  if (c.recent.length >= (env().SOCKET_MESSAGES_PER_10S ?? RATE_LIMIT.messages)) return false;
  c.recent.push(now);
  return true;
}

type Options = {
  pubsub?: PubSub;
  handlers?: SocketHandlers;
  /** Tests shorten these; the defaults are SPEC.md's two ping intervals and a 5 s sweep. */
  silenceLimitMs?: number;
  sweepMs?: number;
  limits?: SocketLimits;
  /**
   * Called for each request a socket makes (a heartbeat is not one) and each event delivered:
   * the idle collector's sign of work, as an HTTP request is (a member who only chats makes
   * no HTTP requests, and a full collection mid-conversation stalls every delivery).
   */
  onActivity?: () => void;
};

export function createRealtime(options: Options = {}) {
  const bus = options.pubsub ?? defaultPubSub();
  const handlers = options.handlers ?? socketHandlers;
  const silenceLimit = options.silenceLimitMs ?? SILENCE_LIMIT_MS;
  const sweepMs = options.sweepMs ?? 5000;
  // No compression: the hub writes frames it built itself (lib/realtime/frame.ts), and small
  // JSON events gain little from it for the memory a compressor per socket would cost.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const hub = createHub({ awaiting: () => bus.awaiting?.() ?? false });
  // Replies go out in order with the events of the same turn.
  const reply = (ws: WebSocket, message: Record<string, unknown>) => hub.send(ws, message);
  const caps = createCaps(hub, options.limits ?? SOCKET_LIMITS);

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
    const e = msg.e;
    const handler = typeof e === 'string' ? handlers.get(e) : undefined;
    // Never the name back: the reply is the same whatever was sent.
    if (!handler) return reply(c.ws, { __ts: ts, error: { message: 'Unknown event' } });
    options.onActivity?.();
    // Like an HTTP request: an id on every log line it writes, and in the reply when it fails.
    const reqId = randomUUID();
    await requestContext.run({ reqId, at: performance.now() }, async () => {
      try {
        const d = await handler({ db: getDb(), grant: c.grant, publish: (envelope) => bus.publish(envelope) }, msg.d);
        reply(c.ws, { __ts: ts, e, d: d ?? null });
      } catch (error) {
        if (error instanceof SocketError) return reply(c.ws, { __ts: ts, e, error: { message: error.message } });
        // Internal details (queries, paths) stay in the log.
        logger.error({ err: error, e }, 'socket request failed');
        reply(c.ws, { __ts: ts, e, error: { message: 'Request failed', requestId: reqId } });
      }
    });
  }

  /** Re-reads a socket's grant; a session that ended closes it for good. */
  async function regrant(c: Connection) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    const claims = await sessionClaims(getDb(), c.sessionId);
    if (!claims) return c.ws.close(CLOSE_POLICY, 'Session ended');
    const next = await grantFor(getDb(), claims);
    if (c.ws.readyState === c.ws.OPEN && !sameGrant(c.grant, next)) hub.regrant(c, next);
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
        await regrant(c).catch((error) => logger.warn({ err: errorText(error) }, 'socket grant check failed'));
      }
    } finally {
      draining = false;
    }
  }
  function recheck(connections: Iterable<Connection>) {
    for (const c of connections) due.add(c);
    void drain();
  }

  function refuse(ws: WebSocket, cap: Cap) {
    logger.warn({ cap }, 'socket refused: too many connections');
    ws.close(CLOSE_TRY_LATER, 'Too many connections');
  }

  function accept(ws: WebSocket, sessionId: string, address: string, grant: SocketGrant) {
    const c: Connection = { ws, sessionId, address, grant, lastSeen: Date.now(), recent: [] };
    hub.add(c);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'Text frames only');
      onMessage(c, data.toString()).catch((error) => logger.error({ err: errorText(error) }, 'socket message failed'));
    });
    ws.on('close', () => hub.remove(c));
    ws.on('error', (error) => logger.debug({ err: error.message }, 'socket error'));
    reply(ws, { e: READY_EVENT, d: { userId: c.grant.userId, projectId: c.grant.projectId } });
  }

  const unsubscribe = bus.subscribe((envelope: Envelope) => {
    if (envelope.e === GRANTS_EVENT) {
      const { customers = [], projectId } = envelope.audience;
      // A project's change reaches its members' sockets wherever they are connected: their
      // customer deliveries depend on it too.
      const affected = new Set([...customers.flatMap((id) => hub.ofUser(id)), ...(projectId ? [...hub.ofProject(projectId), ...hub.ofMember(projectId)] : [])]);
      recheck(affected);
      return;
    }
    options.onActivity?.();
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
      const address = clientAddress(req);
      // A flood from one address is turned away before it costs a database query.
      if (!caps.reserve(address)) {
        wss.handleUpgrade(req, socket, head, (ws) => refuse(ws, 'address'));
        return true;
      }
      void (async () => {
        let grant: SocketGrant | null = null;
        let identity: Awaited<ReturnType<typeof socketIdentity>> = null;
        // A database that is down says nothing about the token: 1008 would stop the client for good.
        let unavailable = false;
        const orNull = <T>(work: Promise<T>) =>
          work.catch((error: unknown) => {
            unavailable ||= isDatabaseUnavailable(error);
            return null;
          });
        try {
          identity = await orNull(socketIdentity(getDb(), token));
          const claims = identity ? await orNull(sessionClaims(getDb(), identity.sessionId)) : null;
          if (claims && claims.sub === identity?.userId) grant = await orNull(grantFor(getDb(), claims));
        } finally {
          caps.release(address);
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          if (unavailable) return ws.close(CLOSE_UNAVAILABLE, 'Service unavailable');
          // The close code tells the client not to retry: a new ticket is what it needs.
          if (!grant || !identity) return ws.close(CLOSE_POLICY, 'Invalid token');
          const cap = caps.exceeded(identity.sessionId, grant.userId, address);
          if (cap) return refuse(ws, cap);
          accept(ws, identity.sessionId, address, grant);
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
