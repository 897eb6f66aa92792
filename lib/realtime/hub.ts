import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { reaches, type Envelope, type SocketGrant } from './audience';
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

/** The TCP socket under a WebSocket. `ws` keeps it private; corking is what it is needed for. */
const tcpOf = (ws: WebSocket) => (ws as unknown as { _socket?: Duplex })._socket;

/**
 * Holds each socket's writes until the end of the event loop's turn: the events of one
 * batch (a group commit's messages, a burst from the other instances) leave in one write
 * per socket instead of one per event.
 */
function createCorker() {
  let corked: Duplex[] | null = null;
  const flush = () => {
    const list = corked ?? [];
    corked = null;
    for (const tcp of list) tcp.uncork();
  };
  return (ws: WebSocket) => {
    const tcp = tcpOf(ws);
    if (!tcp || tcp.writableCorked > 0) return;
    if (!corked) {
      corked = [];
      setImmediate(flush);
    }
    tcp.cork();
    corked.push(tcp);
  };
}

type Index = Map<string, Set<Connection>>;

/** The sockets of this instance, indexed for delivery, grant checks and the connection caps. */
export function createHub() {
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
  const cork = createCorker();

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
    /** Sends the event to every socket its audience reaches; serialized once for all of them, written at the end of the turn. */
    deliver(envelope: Envelope): number {
      const { audience } = envelope;
      const candidates = new Set<Connection>();
      for (const userId of audience.customers ?? []) for (const c of byUser.get(userId) ?? []) candidates.add(c);
      if (audience.projectId) for (const c of byProject.get(audience.projectId) ?? []) candidates.add(c);
      if (candidates.size === 0) return 0;
      // Encoded once: a string would be turned into bytes again for every socket.
      const frame = Buffer.from(JSON.stringify({ e: envelope.e, d: envelope.d }));
      let sent = 0;
      for (const c of candidates) {
        if (!reaches(c.grant, audience) || c.ws.readyState !== c.ws.OPEN) continue;
        if (c.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
          // Queued behind what it has not read: the close reaches it once it catches up, or
          // ws gives up on the handshake and drops the link. Nothing more is sent meanwhile.
          c.ws.close(CLOSE_BEHIND, 'Too far behind');
          continue;
        }
        cork(c.ws);
        c.ws.send(frame, { binary: false });
        sent += 1;
      }
      return sent;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
