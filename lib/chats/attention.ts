import { and, count, eq } from 'drizzle-orm';
import type { ProfileGrant } from '../access/check';
import type { Db } from '../db/client';
import { maySupport, staffVisible } from './access';
import { unreadCounts } from './reads';
import { chatConversations } from './tables';

// Counts for the dashboard home, under the same visibility rules as the chats page.

/** Messages the user has not read in the conversations their profile lets them see in the project. */
export async function unreadTotal(db: Db, projectId: string, userId: string, grant: ProfileGrant): Promise<number> {
  const visible = staffVisible({ userId, projectId, grant });
  return visible ? (await unreadCounts(db, userId, visible, projectId)).total : 0;
}

/** Support conversations of the project still open (not resolved). */
export async function openSupportCount(db: Db, projectId: string, userId: string, grant: ProfileGrant): Promise<number> {
  if (!maySupport({ userId, projectId, grant })) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(chatConversations)
    .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.kind, 'support'), eq(chatConversations.status, 'open')));
  return row?.n ?? 0;
}
