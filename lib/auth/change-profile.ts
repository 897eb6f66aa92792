import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { AuthTokens } from './cookie';
import { hashToken, sameHash, sessionIdOf } from './refresh-token';
import { heldPair, type Viewer } from './service';
import { setSessionPair } from './sessions';
import { sessions } from './tables';

export type ChangeProfileRequest = { refreshToken: string | null | undefined; projectId: string; projectProfileId: string };

/**
 * The refresh token must be the current one of the very session the access token names:
 * a token of another session (or of another user) proves nothing about this one.
 */
export async function assertOwnSessionToken(db: Db, viewer: Viewer, token: string | null | undefined): Promise<void> {
  const sid = viewer.claims.sid;
  if (!token || sessionIdOf(token) !== sid) throw new HttpError(401, 'sessionEnded');
  const [session] = await db
    .select({ hash: sessions.refreshTokenHash })
    .from(sessions)
    .where(and(eq(sessions.id, sid), eq(sessions.userId, viewer.user.id)))
    .limit(1);
  if (!session || !sameHash(session.hash, hashToken(token))) throw new HttpError(401, 'sessionEnded');
}

/**
 * Why the pair cannot be used, in the order that leaks nothing: a project the user is not
 * in, or a profile they do not hold there, does not exist for them (404); a membership
 * they know about but that was deactivated, or a project not enabled, is said plainly (403).
 */
async function assertUsablePair(db: Db, userId: string, projectId: string, profileId: string): Promise<void> {
  const pair = await heldPair(db, userId, projectId, profileId);
  if (!pair) throw new HttpError(404, 'notFound');
  if (pair.membershipStatus !== 1) throw new HttpError(403, 'pickerMembershipInactive');
  if (pair.project.status === 0) throw new HttpError(403, 'pickerProjectPending');
  if (pair.project.status !== 1) throw new HttpError(403, 'pickerProjectDisabled');
}

/**
 * SPEC.md section 4's picker: points the caller's session at another project and profile
 * and rotates its refresh token, so the old one stops working.
 */
export async function changeProfile(db: Db, viewer: Viewer, input: ChangeProfileRequest): Promise<AuthTokens> {
  await assertOwnSessionToken(db, viewer, input.refreshToken);
  // Acting as a project's admin is one project only; the root returns to their own session to switch.
  if (viewer.actingAsAdmin) throw new HttpError(409, 'adminSessionPicker');
  await assertUsablePair(db, viewer.user.id, input.projectId, input.projectProfileId);
  const tokens = await setSessionPair(db, viewer.claims.sid, viewer.user.id, { projectId: input.projectId, profileId: input.projectProfileId });
  if (!tokens) throw new HttpError(401, 'sessionEnded');
  return tokens;
}
