import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { audit } from '../audit/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { profiles, projects } from '../projects/tables';
import { assertOwnSessionToken } from './change-profile';
import type { AuthTokens } from './cookie';
import { hashToken, isUuid, newRefreshToken } from './refresh-token';
import type { Viewer } from './service';
import { accessTokenFor, setSessionPair, type ClientMeta } from './sessions';
import { sessions } from './tables';

// Acting as admin is a separate session of the same device, so the root's own session
// (and whatever project it was connected to) is there to go back to, untouched.
// It lives at most this long, however long the root's own session has left.
const ADMIN_SESSION_MS = 8 * 3600_000;

const exitRecord = (projectId: string | null) => ({ action: 'project.adminExit' as const, target: projectId ? { type: 'project', id: projectId } : undefined });

type Request = { refreshToken: string | null | undefined; projectId: string };
type Audited = { ip: string };

/** The project's owner profile: the oldest isRoot profile, which every project has. */
async function ownerProfile(db: Db, projectId: string) {
  if (!isUuid(projectId)) return null;
  const [row] = await db
    .select({ id: profiles.id, projectId: projects.id })
    .from(projects)
    .leftJoin(profiles, and(eq(profiles.projectId, projects.id), eq(profiles.isRoot, true)))
    .where(eq(projects.id, projectId))
    .orderBy(asc(profiles.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * POST /api/auth/projects/loginAsAdmin: a new session connected to the project through
 * its owner profile. Entered from an admin session, the new one replaces it and still
 * returns to the root's own session.
 */
export async function enterAsAdmin(db: Db, viewer: Viewer, input: Request, meta: ClientMeta & Audited): Promise<AuthTokens> {
  await assertOwnSessionToken(db, viewer, input.refreshToken);
  const target = await ownerProfile(db, input.projectId);
  if (!target) throw new HttpError(404, 'notFound');
  if (!target.id) throw new HttpError(409, 'adminNoOwnerProfile');

  const [current] = await db.select().from(sessions).where(eq(sessions.id, viewer.claims.sid)).limit(1);
  const parentId = current.parentSessionId ?? current.id;
  const [parent] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, parentId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!parent) throw new HttpError(401, 'sessionEnded');

  const id = crypto.randomUUID();
  const refreshToken = newRefreshToken(id);
  const row = { id, userId: viewer.user.id, projectId: target.projectId, profileId: target.id, parentSessionId: parentId };
  await db.transaction(async (tx) => {
    if (current.parentSessionId) {
      await tx.update(sessions).set({ revokedAt: new Date(), nextTokenSealed: null }).where(eq(sessions.id, current.id));
      await audit(tx, { userId: viewer.user.id, projectId: current.projectId, ip: meta.ip }, exitRecord(current.projectId));
    }
    await tx.insert(sessions).values({
      ...row,
      refreshTokenHash: hashToken(refreshToken),
      userAgent: meta.userAgent || null,
      ip: meta.ip || null,
      expiresAt: new Date(Math.min(parent.expiresAt.getTime(), Date.now() + ADMIN_SESSION_MS)),
    });
    await audit(
      tx,
      { userId: viewer.user.id, projectId: target.projectId, ip: meta.ip },
      { action: 'project.adminEnter', target: { type: 'project', id: target.projectId } },
    );
  });
  const accessToken = await accessTokenFor(db, row);
  if (!accessToken) throw new HttpError(401, 'sessionEnded');
  return { accessToken, refreshToken };
}

/**
 * POST /api/auth/projects/leaveAdmin: ends the admin session and hands back the root's
 * own session, its refresh token rotated (only its hash was ever stored).
 */
export async function leaveAdmin(db: Db, viewer: Viewer, refreshToken: string | null | undefined, meta: Audited): Promise<AuthTokens> {
  await assertOwnSessionToken(db, viewer, refreshToken);
  const [current] = await db.select().from(sessions).where(eq(sessions.id, viewer.claims.sid)).limit(1);
  if (!current.parentSessionId) throw new HttpError(409, 'adminNotActing');
  const [parent] = await db.select().from(sessions).where(eq(sessions.id, current.parentSessionId)).limit(1);
  await db.transaction(async (tx) => {
    await tx.update(sessions).set({ revokedAt: new Date(), nextTokenSealed: null }).where(eq(sessions.id, current.id));
    await audit(tx, { userId: viewer.user.id, projectId: current.projectId, ip: meta.ip }, exitRecord(current.projectId));
  });
  const tokens = await setSessionPair(db, parent.id, viewer.user.id, { projectId: parent.projectId, profileId: parent.profileId });
  if (!tokens) throw new HttpError(401, 'sessionEnded');
  return tokens;
}
