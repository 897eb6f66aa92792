import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AccessClaims } from '../auth/claims';
import { hashToken } from '../auth/refresh-token';
import { verifyAccessToken } from '../auth/tokens';
import type { Db } from '../db/client';
import { socketTickets } from './tables';

export const TICKET_TTL_MS = 60_000;
const TICKET_PREFIX = 'wst_';

/** POST /api/auth/socketTicket: a ticket for the caller's session, good once within a minute. */
export async function issueTicket(db: Db, claims: Pick<AccessClaims, 'sub' | 'sid'>): Promise<{ ticket: string; expiresIn: number }> {
  const ticket = TICKET_PREFIX + randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(socketTickets).values({ tokenHash: hashToken(ticket), userId: claims.sub, sessionId: claims.sid, expiresAt: new Date(now + TICKET_TTL_MS) });
  // Used and expired tickets are worth nothing: keep the table small.
  await db.delete(socketTickets).where(lt(socketTickets.expiresAt, new Date(now - TICKET_TTL_MS)));
  return { ticket, expiresIn: TICKET_TTL_MS / 1000 };
}

/**
 * Who a socket's `token` speaks for: a ticket (used up here, whichever instance gets it)
 * or, for clients that are not browsers, an access token. Null when neither is valid.
 */
export async function socketIdentity(db: Db, token: string | null): Promise<{ userId: string; sessionId: string } | null> {
  if (!token || token.length > 4096) return null;
  if (token.startsWith(TICKET_PREFIX)) {
    const now = new Date();
    const [row] = await db
      .update(socketTickets)
      .set({ usedAt: now })
      .where(and(eq(socketTickets.tokenHash, hashToken(token)), isNull(socketTickets.usedAt), gt(socketTickets.expiresAt, now)))
      .returning({ userId: socketTickets.userId, sessionId: socketTickets.sessionId });
    return row ?? null;
  }
  const claims = await verifyAccessToken(token);
  return claims ? { userId: claims.sub, sessionId: claims.sid } : null;
}
