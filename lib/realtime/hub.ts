import type { WebSocket } from 'ws';
import { reaches, type Envelope, type SocketGrant } from './audience';

/** One authenticated socket. */
export type Connection = {
  ws: WebSocket;
  sessionId: string;
  grant: SocketGrant;
  lastSeen: number;
  /** Message times inside the rate window. */
  recent: number[];
};

// A client this far behind is not reading: it is dropped and catches up when it reconnects,
// instead of the server holding ever more of its undelivered events.
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** The sockets of this instance, indexed for delivery. */
export function createHub() {
  const all = new Set<Connection>();
  const byProject = new Map<string, Set<Connection>>();
  const byUser = new Map<string, Set<Connection>>();

  const put = (index: Map<string, Set<Connection>>, key: string | null, c: Connection) => {
    if (!key) return;
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(c);
  };
  const drop = (index: Map<string, Set<Connection>>, key: string | null, c: Connection) => {
    if (!key) return;
    const set = index.get(key);
    set?.delete(c);
    if (set?.size === 0) index.delete(key);
  };

  return {
    all,
    add(c: Connection) {
      all.add(c);
      put(byProject, c.grant.projectId, c);
      put(byUser, c.grant.userId, c);
    },
    remove(c: Connection) {
      all.delete(c);
      drop(byProject, c.grant.projectId, c);
      drop(byUser, c.grant.userId, c);
    },
    /** A socket's session now acts elsewhere (changed project or profile). */
    regrant(c: Connection, grant: SocketGrant) {
      drop(byProject, c.grant.projectId, c);
      c.grant = grant;
      put(byProject, grant.projectId, c);
    },
    ofUser(userId: string): Connection[] {
      return [...(byUser.get(userId) ?? [])];
    },
    ofProject(projectId: string): Connection[] {
      return [...(byProject.get(projectId) ?? [])];
    },
    /** Sends the event to every socket its audience reaches; serialized once for all of them. */
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
          c.ws.terminate();
          continue;
        }
        c.ws.send(frame, { binary: false });
        sent += 1;
      }
      return sent;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
