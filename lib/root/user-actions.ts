import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { audit, type Actor } from '../audit/service';
import { sendConfirmation } from '../auth/email-confirmation';
import { isUuid } from '../auth/refresh-token';
import { revokeUserSessions } from '../auth/sessions';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { findUserOrThrow, userDetail, type RootUserDetail } from './users';

/**
 * Locks the target row, and when a root is being disabled every enabled root with it, in one
 * order: two roots disabling each other wait in line instead of deadlocking, and the second
 * sees the first's change. Returns the target as it is now and the other enabled roots.
 */
async function lockTarget(tx: Tx, userId: string, lockRoots: boolean) {
  const rows = await tx
    .select({ id: users.id, email: users.email, isRoot: users.isRoot, disabledAt: users.disabledAt })
    .from(users)
    .where(lockRoots ? or(eq(users.id, userId), and(eq(users.isRoot, true), isNull(users.disabledAt))) : eq(users.id, userId))
    .orderBy(asc(users.id))
    .for('update');
  const target = rows.find((r) => r.id === userId);
  if (!target) throw new HttpError(404, 'notFound');
  return { target, otherRoots: rows.filter((r) => r.id !== userId && r.isRoot && !r.disabledAt).length };
}

/**
 * Disables (every session ends at once, sign-in is refused) or enables a user; the
 * confirmation state is left as it was. Nobody disables themselves, and the platform keeps
 * at least one enabled root: another root may be disabled, but not the last one. Asking
 * for the state a user already has changes nothing and records nothing.
 */
export async function setUserDisabled(db: Db, actor: Actor, userId: string, disabled: boolean): Promise<RootUserDetail> {
  if (!isUuid(userId)) throw new HttpError(404, 'notFound');
  const id = userId.toLowerCase();
  const disabling = await db.transaction(async (tx) => {
    const [found] = await tx.select({ isRoot: users.isRoot }).from(users).where(eq(users.id, id)).limit(1);
    if (!found) throw new HttpError(404, 'notFound');
    if (disabled && id === actor.userId) throw new HttpError(409, 'rootUsersSelf');
    const { target, otherRoots } = await lockTarget(tx, id, disabled && found.isRoot);
    const record = { target: { type: 'user', id }, data: { email: target.email } };
    if (!disabled) {
      if (!target.disabledAt) return false;
      await tx.update(users).set({ disabledAt: null, updatedAt: new Date() }).where(eq(users.id, id));
      await audit(tx, actor, { action: 'user.enable', ...record });
      return false;
    }
    if (target.isRoot && !target.disabledAt && otherRoots === 0) throw new HttpError(409, 'rootUsersLastRoot');
    if (target.disabledAt) return true;
    await tx.update(users).set({ disabledAt: new Date(), updatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx, actor, { action: 'user.disable', ...record });
    return true;
  });
  // Once the disabling is committed (a disabled user's sessions already count for nothing),
  // every session ends and their open sockets close. Even when they were disabled already:
  // a session opened in the instant before is ended too.
  if (disabling) await revokeUserSessions(db, id);
  return userDetail(db, id);
}

/**
 * Sends an unconfirmed, enabled user a new confirmation link (the earlier one stops
 * working), written in the user's own language, not the root's.
 */
export async function resendUserConfirmation(db: Db, actor: Actor, userId: string): Promise<{ email: string }> {
  const user = await findUserOrThrow(db, userId);
  if (user.disabledAt) throw new HttpError(409, 'rootUsersResendDisabled');
  if (user.status !== -1) throw new HttpError(409, 'rootUsersAlreadyConfirmed');
  await sendConfirmation(db, user);
  await audit(db, actor, { action: 'user.confirmationResent', target: { type: 'user', id: user.id }, data: { email: user.email, locale: userLocale(user) } });
  return { email: user.email };
}
