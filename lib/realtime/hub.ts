import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { reaches, type Envelope, type SocketGrant } from './audience';
import { jsonFrame } from './frame';
import { CLOSE_BEHIND } from './protocol';

/** One authenticated socket. */
export type Connection = {
  ws: WebSocket;
  sessionId: string;
  /** The client's address, for the per-address cap. */
  address: string;
  grant: SocketGrant;
  lastSeen: number;
  /** Message times inside the rate window. */
  recent: number[];
};

// A client this far behind is not reading: it is closed (CLOSE_BEHIND) and catches up when
// it reconnects, instead of the server holding ever more of its undelivered events.
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The TCP socket under a WebSocket: `ws` keeps it private; the outbox writes framed events to it. */
const tcpOf = (ws: WebSocket) => (ws as unknown as { _socket?: Duplex })._socket;

/** The frames a socket is due in this turn, in order; sockets due the same frames share one. */
type Run = { frames: Buffer[]; next: Map<Buffer, Run>; joined?: Buffer };

// How long a turn's writes may wait for events the bus is awaiting: longer than a chat
// batch's commit in the embedded database takes (2–5 ms), short enough not to be felt.
export const HOLD_MS = 10;

/**
 * Holds what each socket is sent until the end of the event loop's turn, then writes it in
 * one write per socket: the events of one batch (a group commit's messages, a burst from the
 * other instances) leave together. Most sockets of a turn are due the same frames in the
 * same order, so they share a path through the runs and its bytes are joined once. While
 * `awaiting()` says more events are on their way from this thread, the writes wait for them
 * (at most HOLD_MS): a write to a socket costs the same for one event as for several.
 */
function createOutbox(awaiting: () => boolean) {
  let root: Run | null = null;
  let due = new Map<WebSocket, Run>();
  let since = 0;
  const flush = () => {
    if (awaiting() && performance.now() - since < HOLD_MS) return void setImmediate(flush);
    const now = due;
    root = null;
    due = new Map();
    for (const [ws, run] of now) {
      const tcp = tcpOf(ws);
      // A socket closing since has had its close frame, and nothing may follow it.
      if (ws.readyState !== ws.OPEN || !tcp?.writable) continue;
      run.joined ??= run.frames.length === 1 ? run.frames[0] : Buffer.concat(run.frames);
      tcp.write(run.joined);
    }
  };
  return (ws: WebSocket, frame: Buffer) => {
    if (!root) {
      root = { frames: [], next: new Map() };
      since = performance.now();
      setImmediate(flush);
    }
    const from = due.get(ws) ?? root;
    let to = from.next.get(frame);
    if (!to) from.next.set(frame, (to = { frames: [...from.frames, frame], next: new Map() }));
    due.set(ws, to);
  };
}

type Index = Map<string, Set<Connection>>;

/** The sockets of this instance, indexed for delivery, grant checks and the connection caps. */
export function createHub(options: { awaiting?: () => boolean } = {}) {
  const all = new Set<Connection>();
  const byProject: Index = new Map();
  const byUser: Index = new Map();
  const bySession: Index = new Map();
  const byAddress: Index = new Map();
  const byMembership: Index = new Map();

  const put = (index: Index, key: string | null, c: Connection) => {
    if (!key) return;
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(c);
  };
  const drop = (index: Index, key: string | null, c: Connection) => {
    if (!key) return;
    const set = index.get(key);
    set?.delete(c);
    if (set?.size === 0) index.delete(key);
  };
  const list = (index: Index, key: string) => [...(index.get(key) ?? [])];
  const queue = createOutbox(options.awaiting ?? (() => false));

  return {
    all,
    add(c: Connection) {
      all.add(c);
      put(byProject, c.grant.projectId, c);
      put(byUser, c.grant.userId, c);
      put(bySession, c.sessionId, c);
      put(byAddress, c.address, c);
      for (const p of c.grant.memberships) put(byMembership, p, c);
    },
    remove(c: Connection) {
      all.delete(c);
      drop(byProject, c.grant.projectId, c);
      drop(byUser, c.grant.userId, c);
      drop(bySession, c.sessionId, c);
      drop(byAddress, c.address, c);
      for (const p of c.grant.memberships) drop(byMembership, p, c);
    },
    /** A socket's session now acts elsewhere (changed project or profile) or its memberships changed. */
    regrant(c: Connection, grant: SocketGrant) {
      drop(byProject, c.grant.projectId, c);
      for (const p of c.grant.memberships) drop(byMembership, p, c);
      c.grant = grant;
      put(byProject, grant.projectId, c);
      for (const p of grant.memberships) put(byMembership, p, c);
    },
    ofUser: (userId: string): Connection[] => list(byUser, userId),
    ofProject: (projectId: string): Connection[] => list(byProject, projectId),
    /** Sockets of users with a membership in the project, wherever they are connected. */
    ofMember: (projectId: string): Connection[] => list(byMembership, projectId),
    /** Open sockets per session, user and address, for the caps. */
    count(key: { sessionId?: string; userId?: string; address?: string }) {
      return {
        session: key.sessionId ? (bySession.get(key.sessionId)?.size ?? 0) : 0,
        user: key.userId ? (byUser.get(key.userId)?.size ?? 0) : 0,
        address: key.address ? (byAddress.get(key.address)?.size ?? 0) : 0,
      };
    },
    /** Sends one message to one socket, after what this turn already holds for it. */
    send(ws: WebSocket, message: unknown) {
      if (ws.readyState === ws.OPEN) queue(ws, jsonFrame(message));
    },
    /** Sends the event to every socket its audience reaches: framed once for all of them, written at the end of the turn. */
    deliver(envelope: Envelope): number {
      const { audience } = envelope;
      const candidates = new Set<Connection>();
      for (const userId of audience.customers ?? []) for (const c of byUser.get(userId) ?? []) candidates.add(c);
      if (audience.projectId) for (const c of byProject.get(audience.projectId) ?? []) candidates.add(c);
      if (candidates.size === 0) return 0;
      const frame = jsonFrame({ e: envelope.e, d: envelope.d });
      let sent = 0;
      for (const c of candidates) {
        if (!reaches(c.grant, audience) || c.ws.readyState !== c.ws.OPEN) continue;
        if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          // Queued behind what it has not read: the close reaches it once it catches up, or
          // ws gives up on the handshake and drops the link. Nothing more is sent meanwhile.
          c.ws.close(CLOSE_BEHIND, 'Too far behind');
          continue;
        }
        queue(c.ws, frame);
        sent += 1;
      }
      return sent;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
