import { and, count, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Conn } from './access';
import { chatConversations, chatCounters, chatMessages, chatReads } from './tables';

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
 * Unread messages per conversation for one reader, in one query over every conversation
 * `where` selects: messages after the reader's lastReadSeq, not deleted, written by
 * someone else. Only conversations with unread messages appear. With `projectId` (which
 * `where` must keep to) the counts stop at its newest seq, returned as `asOf`; else asOf is 0.
 */
export async function unreadCounts(db: Conn, userId: string, where: SQL, projectId?: string): Promise<Unread> {
  const asOf = projectId ? await newestSeq(db, projectId) : 0;
  const readUpTo = sql`coalesce(${chatReads.lastReadSeq}, 0)`;
  const rows = await db
    .select({ id: chatMessages.conversationId, n: count() })
    .from(chatConversations)
    .leftJoin(chatReads, and(eq(chatReads.conversationId, chatConversations.id), eq(chatReads.userId, userId)))
    .innerJoin(chatMessages, eq(chatMessages.conversationId, chatConversations.id))
    .where(
      and(
        where,
        // Conversations read to the end are skipped before any message is looked at.
        gt(chatConversations.lastMessageSeq, readUpTo),
        gt(chatMessages.seq, readUpTo),
        projectId ? lte(chatMessages.seq, asOf) : undefined,
        isNull(chatMessages.deletedAt),
        or(isNull(chatMessages.authorId), ne(chatMessages.authorId, userId)),
      ),
    )
    .groupBy(chatMessages.conversationId);
  const conversations: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
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
