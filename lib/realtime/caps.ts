import type { IncomingMessage } from 'node:http';
import { env } from '../env';
import type { Hub } from './hub';

/**
 * The most sockets open at once per session (one browser's tabs), per user (all their
 * devices) and per client address. Each socket holds a file descriptor and memory: without
 * a cap one user could exhaust the server. Beyond it the socket closes with 1013.
 */
export const SOCKET_LIMITS = { perSession: 10, perUser: 20, perAddress: 50 };
export type SocketLimits = typeof SOCKET_LIMITS;
export type Cap = 'session' | 'user' | 'address';

/** The client's address as the HTTP side sees it (server.ts): the hop a trusted proxy appended, else the peer. */
export function clientAddress(req: IncomingMessage): string {
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .pop()
    ?.trim();
  return (env().TRUST_PROXY && forwarded) || req.socket.remoteAddress || '';
}

/** One instance's caps, counted from its hub and from the upgrades still checking their token. */
export function createCaps(hub: Hub, limits: SocketLimits) {
  const pending = new Map<string, number>();
  return {
    /**
     * Before any query: false when the address is at its cap, else holds a place for the
     * upgrade until `release`. Upgrades under way count, so a flood of them cannot all pass.
     */
    reserve(address: string): boolean {
      const waiting = pending.get(address) ?? 0;
      if (hub.count({ address }).address + waiting >= limits.perAddress) return false;
      pending.set(address, waiting + 1);
      return true;
    },
    release(address: string): void {
      const left = (pending.get(address) ?? 1) - 1;
      if (left > 0) pending.set(address, left);
      else pending.delete(address);
    },
    /** The cap a new socket would break, if any. Asked right before the hub adds it, with no wait between, so the count is exact. */
    exceeded(sessionId: string, userId: string, address: string): Cap | null {
      const open = hub.count({ sessionId, userId, address });
      if (open.session >= limits.perSession) return 'session';
      if (open.user >= limits.perUser) return 'user';
      if (open.address >= limits.perAddress) return 'address';
      return null;
    },
  };
}
