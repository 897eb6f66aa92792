import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { isRefusedByDatabase } from '../db/errors';
import { hitUpsert, limitState, RateLimitError, sweepNowAndThen, type Limit } from '../http/rate-limit';
import { rateLimits } from '../http/tables';
import { messageLimit, TOO_MANY_MESSAGES } from './upload-limits';
import { chatConversations, chatMessages, chatReads, type ChatAttachment, type ChatConversation, type ChatMessage } from './tables';

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

const own = Object.keys(getTableColumns(chatMessages)) as (keyof ChatMessage)[];
const conversationColumns = Object.keys(getTableColumns(chatConversations)) as (keyof ChatConversation)[];

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
  const { counts, ctes, inserted, fields } = batchParts(tx, messages, reopen);
  const rows = (await tx
    .with(...ctes)
    .select(fields)
    .from(inserted)) as Record<string, unknown>[];
  for (const [i, { limit }] of counts.entries()) {
    const state = await limitState(tx, hitOf(rows[0], i), limit);
    if (state.exceeded) throw new RateLimitError(state.retryAfterSeconds, TOO_MANY_MESSAGES);
  }
  return rows.map(messageOf);
}

/**
 * The same, as a statement of its own outside any transaction (one round trip, committed as
 * it ends), for batches that need nothing read before they are written: no files (whose
 * quota is checked after the insert), no support conversation to reopen, no key sent before.
 * It locks its conversations before it writes anything, in the order the two-statement batch
 * does, and refuses (`atrio_refuse`, drizzle/0029), leaving nothing behind, when one of them
 * is gone or an author would pass their limit. A retried key meets the unique index and
 * fails it too. A statement the database refused gives null: the batch then goes the long
 * way, which says what it was. A connection lost on the way throws: the statement may have
 * committed, and the batch is not written again.
 */
export async function insertLocked(db: Db, messages: NewMessage[]): Promise<{ rows: ChatMessage[]; conversations: Map<string, ChatConversation> } | null> {
  const pairs = new Map(messages.map((m) => [m.conversationId, m.projectId]));
  const ids = [...pairs.keys()].sort();
  // Each conversation as the batch knows it, in its project; one found elsewhere counts as gone.
  const known = sql.join(
    ids.map((id) => sql`(${id}::uuid, ${pairs.get(id)}::uuid)`),
    sql`, `,
  );
  const locked = db.$with('locked').as(
    db
      .select()
      .from(chatConversations)
      .where(sql`(${chatConversations.id}, ${chatConversations.projectId}) in (${known})`)
      .orderBy(chatConversations.id)
      .for('update'),
  );
  const refuse = (reason: string) => sql`atrio_refuse(${reason})`;
  const { counts, ctes, inserted, fields } = batchParts(db, messages, new Set(), (counts) => {
    // The first row's seq (the trigger replaces it) carries the checks: its subquery runs
    // once, before any row is written, so every lock is held before the project's counter.
    const over = counts.map(({ hit, limit }) => sql`(select ${hit.points} from ${hit}) > ${limit.points}`);
    return sql`(select case when (select count(*) from ${locked}) <> ${ids.length} then ${refuse('conversation')} ${
      over.length ? sql`when ${sql.join(over, sql` or `)} then ${refuse('limit')}` : sql``
    } else 0 end)`;
  });
  const conversation = Object.fromEntries(conversationColumns.map((k) => [k, locked[k]]));
  let rows: (Record<string, unknown> & { conversation: ChatConversation })[];
  try {
    rows = (await db
      .with(locked, ...ctes)
      .select({ ...fields, conversation })
      .from(inserted)
      .innerJoin(locked, sql`${locked.id} = ${inserted.conversationId}`)) as unknown as typeof rows;
  } catch (error) {
    if (isRefusedByDatabase(error)) return null; // refused, with nothing kept
    throw error; // perhaps written: the batch must not be written again
  }
  // Within every limit, or the statement would have failed; old windows go now and then.
  if (counts.length) void sweepNowAndThen(db).catch(() => {});
  return { rows: rows.map(messageOf), conversations: new Map(rows.map((r) => [r.conversation.id, r.conversation])) };
}

type Count = { limit: Limit; hit: ReturnType<typeof hitCte> };

const hitCte = (db: Db | Tx, i: number, key: string, limit: Limit, n: number) => db.$with(`hit_${i}`).as(hitUpsert(db, key, limit, n));

/** The statement's parts: the limit counts, the insert, the read marks and the heads, and the fields read back. */
function batchParts(db: Db | Tx, messages: NewMessage[], reopen: ReadonlySet<string>, firstSeq?: (counts: Count[]) => SQL) {
  const per = new Map<string, number>();
  for (const m of messages) if (m.counted) per.set(m.authorId, (per.get(m.authorId) ?? 0) + 1);
  const counts: Count[] = [...per].map(([authorId, n], i) => {
    const { key, limit } = messageLimit(authorId);
    return { limit, hit: hitCte(db, i, key, limit, n) };
  });
  const values = messages.map(({ counted: _, ...m }, i) => (i === 0 && firstSeq ? { ...m, seq: firstSeq(counts) } : m));
  const inserted = db.$with('inserted').as(db.insert(chatMessages).values(values).returning());
  const marks = db.$with('marks').as(
    db
      .insert(chatReads)
      .select(sql`select conversation_id, author_id, max(seq), now() from ${inserted} group by conversation_id, author_id`)
      .onConflictDoUpdate({
        target: [chatReads.conversationId, chatReads.userId],
        set: { lastReadSeq: sql`greatest(${chatReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: sql`now()` },
      })
      .returning({ userId: chatReads.userId }),
  );
  const heads = db.$with('heads').as(
    db
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
  const fields = {
    ...Object.fromEntries(own.map((k) => [k, inserted[k]])),
    ...Object.fromEntries(
      counts.flatMap(({ hit }, i) => [
        [`hit${i}Points`, sql`(select ${hit.points} from ${hit})`.mapWith(Number)],
        [`hit${i}ResetAt`, sql`(select ${hit.resetAt} from ${hit})`.mapWith(rateLimits.resetAt)],
      ]),
    ),
  };
  return { counts, ctes: [...counts.map((c) => c.hit), inserted, marks, heads], inserted, fields };
}

const hitOf = (row: Record<string, unknown>, i: number) => ({ points: row[`hit${i}Points`] as number, resetAt: row[`hit${i}ResetAt`] as Date });

/** A row of the statement without the counts' and the conversation's columns. */
const messageOf = (row: Record<string, unknown>) => Object.fromEntries(own.map((k) => [k, row[k]])) as ChatMessage;
