import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { sendTemplate } from '../mail/service';
import { deleteStoredFile } from '../storage';
import { storeAvatar } from '../users/avatar';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { authorizeEmailChange, requestEmailChange } from './email-change';
import { pendingEmail } from './one-time';
import { checkCurrentPassword } from './password-check';
import { hashPassword } from './passwords';
import type { AccountGeneralInput, AccountPasswordInput } from './schemas';
import { viewerUserColumns } from './service';
import { revokeUserSessions } from './sessions';

async function userRow(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new HttpError(404, 'notFound');
  return user;
}

/**
 * Name, time zone and avatar change at once; a new email address only after the link
 * sent to it is opened, and asking for one takes the current password.
 */
export async function updateGeneral(db: Db, userId: string, input: AccountGeneralInput, avatar: File | undefined, meta: { locale: Locale; ip: string }) {
  const user = await userRow(db, userId);
  const changing = input.email !== user.email.toLowerCase();
  // Before anything is stored: a refused change keeps nothing, not even the avatar file.
  if (changing) await authorizeEmailChange(db, user, input.currentPassword, meta.ip);
  const avatarUrl = avatar ? await storeAvatar(userId, new Uint8Array(await avatar.arrayBuffer())) : undefined;
  try {
    if (changing) await requestEmailChange(db, user, input.email, meta.locale);
  } catch (error) {
    // Nothing was saved, so the file this request brought goes too.
    if (avatarUrl && avatarUrl !== user.avatar) await deleteStoredFile(avatarUrl);
    throw error;
  }
  const [updated] = await db
    .update(users)
    .set({ name: input.name, timeZone: input.timeZone, ...(avatarUrl ? { avatar: avatarUrl } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning(viewerUserColumns);
  if (avatarUrl && user.avatar && user.avatar !== avatarUrl) await deleteStoredFile(user.avatar);
  return { user: updated, avatar: updated.avatar, emailPending: await pendingEmail(db, userId) };
}

/** Changes the password after checking the current one (throttled); every other device is signed out. */
export async function changePassword(db: Db, userId: string, sessionId: string, input: AccountPasswordInput): Promise<void> {
  const user = await userRow(db, userId);
  await checkCurrentPassword(db, user, input.currentPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(db, userId, sessionId);
  await sendTemplate(db, user.email, 'passwordChanged', userLocale(user), { name: user.name });
}
