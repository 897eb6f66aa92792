import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Conn } from './access';
import { chatConversations, chatCounters, chatReads } from './tables';

/**
 * `asOf`: the project's newest message seq when counting (seqs count per project); counts
 * cover messages up to it, so a client counting socket events on top of them skips those
 * events of the counted conversations at or below it (no double count).
 */
export type Unread = { total: number; conversations: Record<string, number>; asOf: number };

/** The project's newest message seq. Committed in seq order (the counter row is locked until commit), so every message up to it is visible. */
async function newestSeq(db: Conn, projectId: string): Promise<number> {
  const [row] = await db.select({ seq: chatCounters.lastSeq }).from(chatCounters).where(eq(chatCounters.projectId, projectId));
  return row?.seq ?? 0;
}

/**
 * Counting stops here per conversation: every badge shows "99+" beyond 99, and a reader who
 * never opened a busy channel would otherwise have each of its messages counted on every call.
 */
export const UNREAD_CAP = 100;

/**
 * Unread messages per conversation for one reader (at most UNREAD_CAP each), in one query over
 * every conversation `where` selects: messages after the reader's lastReadSeq, not deleted,
 * written by someone else. Conversations read to the end are skipped before any message is
 * looked at; the others walk the (conversation, seq) index from the read mark and stop at the
 * cap. Only conversations with unread messages appear. With `projectId` (which `where` must
 * keep to) the counts stop at its newest seq, returned as `asOf`; else asOf is 0.
 */
export async function unreadCounts(db: Conn, userId: string, where: SQL, projectId?: string): Promise<Unread> {
  const asOf = projectId ? await newestSeq(db, projectId) : 0;
  const readUpTo = sql`coalesce(${chatReads.lastReadSeq}, 0)`;
  const counted = sql<number>`(select count(*)::int from (
      select 1 from chat_messages m
      where m.conversation_id = ${chatConversations.id} and m.seq > ${readUpTo} ${projectId ? sql`and m.seq <= ${asOf}` : sql``}
        and m.deleted_at is null and (m.author_id is null or m.author_id <> ${userId})
      order by m.seq limit ${UNREAD_CAP}
    ) as unread)`;
  const rows = await db
    .select({ id: chatConversations.id, n: counted })
    .from(chatConversations)
    .leftJoin(chatReads, and(eq(chatReads.conversationId, chatConversations.id), eq(chatReads.userId, userId)))
    .where(and(where, gt(chatConversations.lastMessageSeq, readUpTo)));
  const conversations: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    if (row.n === 0) continue;
    conversations[row.id] = row.n;
    total += row.n;
  }
  return { total, conversations, asOf };
}

/** How far the reader has read each of these conversations (0 when never opened). */
export async function lastReads(db: Conn, userId: string, conversationIds: readonly string[]): Promise<Map<string, number>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: chatReads.conversationId, seq: chatReads.lastReadSeq })
    .from(chatReads)
    .where(and(eq(chatReads.userId, userId), inArray(chatReads.conversationId, [...conversationIds])));
  return new Map(rows.map((r) => [r.id, r.seq]));
}

/**
 * Moves the reader's mark forward to `seq` (never back, never past the conversation's
 * newest message) and returns where it now stands.
 */
export async function markRead(db: Conn, conversationId: string, userId: string, seq: number): Promise<number> {
  // Bounded by the row as it is now, not as the caller last read it.
  const newest = sql`(select ${chatConversations.lastMessageSeq} from ${chatConversations} where ${chatConversations.id} = ${conversationId})`;
  const [row] = await db
    .insert(chatReads)
    .values({ conversationId, userId, lastReadSeq: sql`least(${Math.max(0, seq)}::bigint, ${newest})` })
    .onConflictDoUpdate({
      target: [chatReads.conversationId, chatReads.userId],
      set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
    })
    .returning({ seq: chatReads.lastReadSeq });
  return row.seq;
}
