import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { hitUpsert, limitState, RateLimitError } from '../http/rate-limit';
import { rateLimits } from '../http/tables';
import { messageLimit, TOO_MANY_MESSAGES } from './upload-limits';
import { chatConversations, chatMessages, chatReads, type ChatAttachment, type ChatMessage } from './tables';

/** What a new message of a batch needs to be written. */
export type NewMessage = {
  conversationId: string;
  projectId: string;
  authorId: string;
  body: string;
  attachments: ChatAttachment[];
  clientKey: string | null;
  counted: boolean;
};

/**
 * A batch's new messages in one statement, so a batch holds its conversations' locks for as
 * few round trips as it can:
 * - the messages, inserted in arrival order (the order the seq trigger numbers them in);
 * - each author's counted ones against their limit, read back through the rows;
 * - each author's read mark moved to their last message of each conversation (their own
 *   message counts as read; a mark never moves back, and needs no bound by the head, as
 *   markRead has: the head is this batch's newest message);
 * - each conversation moved to its newest message, reopened if it is in `reopen`.
 * Over a limit, it throws: the batch is undone (the count with it) and retried a message at
 * a time, so the author gets exactly the limit's worth through and a 429 for each one after.
 */
export async function insertBatch(tx: Tx, messages: NewMessage[], reopen: ReadonlySet<string>): Promise<ChatMessage[]> {
  const per = new Map<string, number>();
  for (const m of messages) if (m.counted) per.set(m.authorId, (per.get(m.authorId) ?? 0) + 1);
  const counts = [...per].map(([authorId, n], i) => {
    const { key, limit } = messageLimit(authorId);
    return { limit, hit: tx.$with(`hit_${i}`).as(hitUpsert(tx, key, limit, n)) };
  });
  const inserted = tx.$with('inserted').as(
    tx
      .insert(chatMessages)
      .values(messages.map(({ counted: _, ...m }) => m))
      .returning(),
  );
  const marks = tx.$with('marks').as(
    tx
      .insert(chatReads)
      .select(sql`select conversation_id, author_id, max(seq), now() from ${inserted} group by conversation_id, author_id`)
      .onConflictDoUpdate({
        target: [chatReads.conversationId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
      })
      .returning({ userId: chatReads.userId }),
  );
  const heads = tx.$with('heads').as(
    tx
      .update(chatConversations)
      .set({
        lastMessageSeq: sql`newest.seq`,
        lastMessageAt: sql`newest.created_at`,
        ...(reopen.size ? { status: sql`case when ${inArray(chatConversations.id, [...reopen])} then 'open' else ${chatConversations.status} end` } : {}),
      })
      .from(sql`(select distinct on (conversation_id) conversation_id, seq, created_at from ${inserted} order by conversation_id, seq desc) as newest`)
      .where(sql`${chatConversations.id} = newest.conversation_id`)
      .returning({ id: chatConversations.id }),
  );
  const own = Object.keys(getTableColumns(chatMessages)) as (keyof ChatMessage)[];
  const fields = Object.fromEntries(own.map((k) => [k, inserted[k]]));
  const hitFields = Object.fromEntries(
    counts.flatMap(({ hit }, i) => [
      [`hit${i}Points`, sql`(select ${hit.points} from ${hit})`.mapWith(Number)],
      [`hit${i}ResetAt`, sql`(select ${hit.resetAt} from ${hit})`.mapWith(rateLimits.resetAt)],
    ]),
  );
  const rows = (await tx
    .with(...counts.map((c) => c.hit), inserted, marks, heads)
    .select({ ...fields, ...hitFields })
    .from(inserted)) as Record<string, unknown>[];
  for (const [i, { limit }] of counts.entries()) {
    const state = await limitState(tx, { points: rows[0][`hit${i}Points`] as number, resetAt: rows[0][`hit${i}ResetAt`] as Date }, limit);
    if (state.exceeded) throw new RateLimitError(state.retryAfterSeconds, TOO_MANY_MESSAGES);
  }
  // Without the counts' columns.
  return rows.map((row) => Object.fromEntries(own.map((k) => [k, row[k]])) as ChatMessage);
}
