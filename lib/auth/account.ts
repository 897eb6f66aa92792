import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { sendTemplate } from '../mail/service';
import { deleteStoredFile } from '../storage';
import { storeAvatar } from '../users/avatar';
import { userLocale } from '../users/service';
import { users } from '../users/tables';
import { requestEmailChange } from './email-confirmation';
import { pendingEmail } from './one-time';
import { hashPassword, verifyPassword } from './passwords';
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
 * sent to it is opened.
 */
export async function updateGeneral(db: Db, userId: string, input: AccountGeneralInput, avatar: File | undefined, locale: Locale) {
  const user = await userRow(db, userId);
  const avatarUrl = avatar ? await storeAvatar(userId, new Uint8Array(await avatar.arrayBuffer())) : undefined;
  try {
    if (input.email !== user.email.toLowerCase()) await requestEmailChange(db, user, input.email, locale);
  } catch (error) {
    // A refused request keeps nothing: not even the avatar file it brought.
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

/** Changes the password after checking the current one; every other device is signed out. */
export async function changePassword(db: Db, userId: string, sessionId: string, input: AccountPasswordInput): Promise<void> {
  const user = await userRow(db, userId);
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new HttpError(400, 'wrongPassword', { currentPassword: 'wrongPassword' });
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeUserSessions(db, userId, sessionId);
  await sendTemplate(db, user.email, 'passwordChanged', userLocale(user), { name: user.name });
}
