import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { logger } from '../log/logger';
import { announceGrants } from '../realtime/pubsub';
import { users } from '../users/tables';
import type { AuthTokens } from './cookie';
import { currentGrant, firstGrant, sessionState, type SessionState } from './service';
import { hashToken, issuedHere, newRefreshToken, sameHash, seal, sessionIdOf, unseal } from './refresh-token';
import { sessions } from './tables';
import type { AccessClaims } from './claims';
import { signAccessToken } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 3600_000;
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
/** Two tabs refreshing at once both present the same token; the second one within this window is not a theft. */
export const REFRESH_GRACE_MS = 10_000;

export type ClientMeta = { userAgent: string; ip: string };
type SessionRow = typeof sessions.$inferSelect;

/** What a session's access token says now: its user, and the project and profile it may still act through. */
type SessionPair = Pick<SessionRow, 'id' | 'userId' | 'projectId' | 'profileId'> & { parentSessionId?: string | null };

/** What a token of this session would say, given its user as read (or cached) just now. */
async function claimsOf(db: Db, session: SessionPair, user: { isRoot: boolean; disabledAt: Date | null }): Promise<AccessClaims | null> {
  if (user.disabledAt) return null;
  const admin = Boolean(session.parentSessionId);
  const grant = admin && !user.isRoot ? null : await currentGrant(db, session.userId, session.projectId, session.profileId, admin);
  return {
    sub: session.userId,
    sid: session.id,
    root: user.isRoot,
    pid: grant?.project.id,
    ppid: grant?.profile.id,
    prr: grant?.profile.isRoot ?? false,
    perms: grant?.profile.permissions ?? [],
  };
}

/** For a token minted right after a write: the user as the database says now, not as cached. */
async function claimsFor(db: Db, session: SessionPair): Promise<AccessClaims | null> {
  const [user] = await db.select({ isRoot: users.isRoot, disabledAt: users.disabledAt }).from(users).where(eq(users.id, session.userId)).limit(1);
  return user ? claimsOf(db, session, user) : null;
}

/** Signs an access token for a session, with the project and profile it may still act through. */
export async function accessTokenFor(db: Db, session: SessionPair): Promise<string | null> {
  const claims = await claimsFor(db, session);
  return claims ? signAccessToken(claims) : null;
}

/** A new signed-in device, connected to the user's first usable project if they have one. */
export async function createSession(db: Db, userId: string, meta: ClientMeta): Promise<{ sessionId: string; tokens: AuthTokens }> {
  const pair = await firstGrant(db, userId);
  const id = crypto.randomUUID();
  const refreshToken = newRefreshToken(id);
  await db.insert(sessions).values({
    id,
    userId,
    refreshTokenHash: hashToken(refreshToken),
    projectId: pair?.projectId ?? null,
    profileId: pair?.profileId ?? null,
    userAgent: meta.userAgent || null,
    ip: meta.ip || null,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const accessToken = await accessTokenFor(db, { id, userId, projectId: pair?.projectId ?? null, profileId: pair?.profileId ?? null });
  if (!accessToken) throw new Error('session for a disabled user');
  return { sessionId: id, tokens: { accessToken, refreshToken } };
}

function live(session: Pick<SessionRow, 'revokedAt' | 'expiresAt' | 'lastUsedAt'>, now: number): boolean {
  return !session.revokedAt && session.expiresAt.getTime() > now && session.lastUsedAt.getTime() + SESSION_IDLE_MS > now;
}

/**
 * Ends a session together with the sessions of the same device linked to it: the root's
 * own session behind an "acting as admin" one, and the admin sessions opened from it.
 */
export async function revokeSession(db: Db, sessionId: string, userId?: string): Promise<boolean> {
  const where = userId ? and(eq(sessions.id, sessionId), eq(sessions.userId, userId)) : eq(sessions.id, sessionId);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date(), nextTokenSealed: null })
    .where(and(where, isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId, parentSessionId: sessions.parentSessionId });
  if (rows.length === 0) return false;
  announceGrants({ users: [rows[0].userId] });
  const linked = or(eq(sessions.parentSessionId, sessionId), rows[0].parentSessionId ? eq(sessions.id, rows[0].parentSessionId) : undefined);
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), nextTokenSealed: null })
    .where(and(linked, isNull(sessions.revokedAt)));
  return true;
}

/** Ends every session of a user, but the one named in `except`. */
export async function revokeUserSessions(db: Db, userId: string, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), nextTokenSealed: null })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except ? ne(sessions.id, except) : sql`true`));
  announceGrants({ users: [userId] });
}

/**
 * Rotates a refresh token. The current one gets a new token; the previous one, within
 * the grace window, gets that same new token, and after it means the token was stolen or
 * replayed: the whole session ends. Any other token is a plain refusal: the session id is
 * no secret, so a made-up token naming it must not be able to end it.
 */
export async function refreshSession(db: Db, token: string | null | undefined, meta: ClientMeta): Promise<AuthTokens | null> {
  const sessionId = sessionIdOf(token);
  if (!sessionId || !token) return null;
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  const now = Date.now();
  if (!session || !live(session, now)) return null;
  const presented = hashToken(token);

  if (sameHash(session.refreshTokenHash, presented)) {
    const next = newRefreshToken(session.id);
    const updated = await db
      .update(sessions)
      .set({
        refreshTokenHash: hashToken(next),
        previousTokenHash: presented,
        nextTokenSealed: seal(next, token),
        rotatedAt: new Date(now),
        lastUsedAt: new Date(now),
        userAgent: meta.userAgent || session.userAgent,
        ip: meta.ip || session.ip,
      })
      .where(and(eq(sessions.id, session.id), eq(sessions.refreshTokenHash, presented), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    // Another request rotated it a moment ago: answer as that request's twin.
    if (updated.length === 0) return refreshSession(db, token, meta);
    const accessToken = await accessTokenFor(db, session);
    return accessToken ? { accessToken, refreshToken: next } : null;
  }

  const previous = sameHash(session.previousTokenHash, presented);
  // Neither the current nor the previous token: an older one of this session's (stolen and
  // replayed) ends it; a made-up one naming the session is only refused.
  if (!previous && !issuedHere(token)) return null;
  if (previous && session.rotatedAt && now - session.rotatedAt.getTime() < REFRESH_GRACE_MS) {
    const current = unseal(session.nextTokenSealed, token);
    const accessToken = current ? await accessTokenFor(db, session) : null;
    return current && accessToken ? { accessToken, refreshToken: current } : null;
  }

  await revokeSession(db, session.id);
  logger.warn({ sessionId: session.id, userId: session.userId }, 'refresh token reused: session revoked');
  return null;
}

export async function listSessions(db: Db, userId: string, currentSessionId: string) {
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, userAgent: sessions.userAgent, ip: sessions.ip })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.parentSessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        gt(sessions.lastUsedAt, new Date(Date.now() - SESSION_IDLE_MS)),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt));
  return rows.map((r) => ({ ...r, current: r.id === currentSessionId }));
}

/** Logout: the session named by a verified access token, or by a refresh token that is its current or previous one. */
export async function endSession(db: Db, sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
  if (sessionId) {
    await revokeSession(db, sessionId);
    return;
  }
  const id = sessionIdOf(refreshToken);
  if (!id || !refreshToken) return;
  const [session] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  const presented = hashToken(refreshToken);
  if (session && (sameHash(session.refreshTokenHash, presented) || sameHash(session.previousTokenHash, presented))) await revokeSession(db, id);
}

/**
 * Points a live session at another project and profile (or none) and rotates its refresh
 * token, so tokens minted for the old pair stop renewing. The caller checks that the user
 * may use the pair; an unusable pair only yields an unconnected access token.
 */
export async function setSessionPair(
  db: Db,
  sessionId: string,
  userId: string,
  pair: { projectId: string | null; profileId: string | null },
): Promise<AuthTokens | null> {
  const next = newRefreshToken(sessionId);
  const now = new Date();
  const [session] = await db
    .update(sessions)
    .set({
      projectId: pair.projectId,
      profileId: pair.profileId,
      refreshTokenHash: hashToken(next),
      previousTokenHash: null,
      nextTokenSealed: null,
      rotatedAt: now,
      lastUsedAt: now,
    })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .returning({
      id: sessions.id,
      userId: sessions.userId,
      projectId: sessions.projectId,
      profileId: sessions.profileId,
      parentSessionId: sessions.parentSessionId,
    });
  if (!session) return null;
  announceGrants({ users: [userId] });
  const accessToken = await accessTokenFor(db, session);
  return accessToken ? { accessToken, refreshToken: next } : null;
}

/** What a live session may do now, as a fresh access token would say; null once it ended. */
export async function sessionClaims(db: Db, sessionId: string): Promise<AccessClaims | null> {
  const state = await sessionState(db, sessionId);
  if (!state || !live(state, Date.now())) return null;
  return claimsOf(db, state, state.user);
}

function sameGrant(a: AccessClaims, b: AccessClaims): boolean {
  const perms = (c: AccessClaims) => [...c.perms].sort().join(',');
  return a.root === b.root && a.pid === b.pid && a.ppid === b.ppid && a.prr === b.prr && perms(a) === perms(b);
}

/**
 * A new access token when the one presented no longer says what the database says (a
 * profile or membership changed, a project was enabled or disabled), else null; `ended`
 * when the token's session is over (signed out elsewhere, expired, user disabled), which
 * the token itself cannot tell. The refresh token is not rotated: nothing was renewed.
 */
export async function freshAccessToken(db: Db, claims: AccessClaims): Promise<{ accessToken: string | null; ended: boolean }> {
  const ended = { accessToken: null, ended: true };
  const state: SessionState | null = await sessionState(db, claims.sid);
  if (!state || state.userId !== claims.sub || !live(state, Date.now())) return ended;
  const now = await claimsOf(db, state, state.user);
  if (!now) return ended;
  // Signed only when it differs: this runs on every page load.
  return { accessToken: sameGrant(claims, now) ? null : await signAccessToken(now), ended: false };
}
