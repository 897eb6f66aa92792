import { and, count, eq } from 'drizzle-orm';
import { cachedRead } from '../auth/callers';
import type { FeedFamily } from '../db/changes';
import { mayTeam, maySupport, staffVisible, type Conn, type Seer } from './access';
import { unreadCounts, type Unread } from './reads';
import { chatConversations } from './tables';

/**
 * The chat counts every signed-in page and the bell ask for, kept by the instance until the
 * database announces a change that can move them (migration 0027): a message, an edit or a
 * conversation of the project ("c:<project>"), or the reader's own read marks and
 * memberships ("cu:<user>"); who the reader is and what their profile lets them see
 * ("u:", "p:") drops them too. A busy project re-counts after each message, as it did
 * before this cache; a quiet one answers from memory.
 */
const FAMILIES: readonly FeedFamily[] = ['chats', 'callers'];

const NONE: Unread = Object.freeze({ total: 0, conversations: Object.freeze({}), asOf: 0 });

/** Unread messages in the conversations the seer may see as staff in their project. */
export function staffUnread(db: Conn, seer: Seer): Promise<Unread> {
  const { userId, projectId } = seer;
  // What the seer may see is part of the key as well as of the tags: a profile changed meanwhile never meets the old count.
  const sees = `${mayTeam(seer) ? 't' : ''}${maySupport(seer) ? 's' : ''}`;
  if (!projectId || !sees) return Promise.resolve(NONE);
  return cachedRead(
    db,
    `unread|${userId}|${projectId}|${sees}`,
    // The condition is built only on a miss: a hit costs the key and the lookup.
    () => unreadCounts(db, userId, staffVisible(seer)!, projectId),
    () => [`c:${projectId}`, `cu:${userId}`, `u:${userId}`, `p:${projectId}`],
    FAMILIES,
  );
}

/** Support conversations of the project still open (not resolved), for a seer who handles support; else 0. */
export function openSupportCount(db: Conn, seer: Seer): Promise<number> {
  const { projectId } = seer;
  if (!projectId || !maySupport(seer)) return Promise.resolve(0);
  return cachedRead(
    db,
    `openSupport|${projectId}`,
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(chatConversations)
        .where(and(eq(chatConversations.projectId, projectId), eq(chatConversations.kind, 'support'), eq(chatConversations.status, 'open')));
      return row?.n ?? 0;
    },
    () => [`c:${projectId}`],
    ['chats'],
  );
}
