import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { isRefusedByDatabase } from '../db/errors';
import { countUpsert, limitState, RateLimitError, sweepNowAndThen } from '../http/rate-limit';
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
  const { counts, values, shape } = valuesOf(messages);
  const { ctes, inserted, fields } = batchParts(tx, shape, reopen);
  const rows = (await tx
    .with(...ctes)
    .select(fields)
    .from(inserted)
    .execute(values)) as Record<string, unknown>[];
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
  const { counts, values, shape } = valuesOf(messages);
  let rows: (Record<string, unknown> & { conversation: ChatConversation })[];
  try {
    rows = (await lockedStatement(db, shape).execute(values)) as unknown as typeof rows;
  } catch (error) {
    if (isRefusedByDatabase(error)) return null; // refused, with nothing kept
    throw error; // perhaps written: the batch must not be written again
  }
  // Within every limit, or the statement would have failed; old windows go now and then.
  if (counts.length) void sweepNowAndThen(db).catch(() => {});
  return { rows: rows.map(messageOf), conversations: new Map(rows.map((r) => [r.conversation.id, r.conversation])) };
}

/**
 * What a batch's statement text depends on: how many messages, conversations and counted
 * authors it holds. Everything else (ids, bodies, keys, limits) goes in as placeholders, so
 * one text serves every batch of a shape.
 */
type Shape = { messages: number; conversations: number; authors: number };

const ph = (name: string) => sql.placeholder(name);

/**
 * The placeholders' values for a batch: conversation j (in id order) as c{j} and p{j} (its
 * project), message i's columns as m{i}…, counted author k's window as h{k}…; each
 * author's limit, to read the counts back against; and the batch's shape.
 */
function valuesOf(messages: NewMessage[]) {
  const values: Record<string, unknown> = {};
  const projectOf = new Map(messages.map((m) => [m.conversationId, m.projectId]));
  [...projectOf.keys()].sort().forEach((id, j) => {
    values[`c${j}`] = id;
    values[`p${j}`] = projectOf.get(id);
  });
  messages.forEach((m, i) => {
    Object.assign(values, { [`m${i}c`]: m.conversationId, [`m${i}p`]: m.projectId, [`m${i}a`]: m.authorId, [`m${i}b`]: m.body });
    Object.assign(values, { [`m${i}f`]: m.attachments, [`m${i}k`]: m.clientKey });
  });
  const per = new Map<string, number>();
  for (const m of messages) if (m.counted) per.set(m.authorId, (per.get(m.authorId) ?? 0) + 1);
  const counts = [...per].map(([authorId, n], k) => {
    const { key, limit } = messageLimit(authorId);
    Object.assign(values, { [`h${k}key`]: key, [`h${k}n`]: n, [`h${k}max`]: limit.points });
    values[`h${k}reset`] = new Date(Date.now() + limit.windowSeconds * 1000);
    return { limit };
  });
  const shape: Shape = { messages: messages.length, conversations: projectOf.size, authors: counts.length };
  return { values, counts, shape };
}

// Building this statement in drizzle took longer than the embedded database took to run it
// (a staff message's commit took 5.0–6.3 ms built each time, 1.9–3.4 ms prepared): each
// shape's is built and prepared once per database handle, which also lets PostgreSQL keep
// its plan. Shapes past the bound are built each time.
const MAX_SHAPES = 64;
const prepared = new WeakMap<Db, Map<string, ReturnType<typeof prepareLocked>>>();

function lockedStatement(db: Db, shape: Shape) {
  let byShape = prepared.get(db);
  if (!byShape) prepared.set(db, (byShape = new Map()));
  const name = `chat_insert_${shape.messages}_${shape.conversations}_${shape.authors}`;
  const found = byShape.get(name);
  if (found) return found;
  const statement = prepareLocked(db, shape, name);
  if (byShape.size < MAX_SHAPES) byShape.set(name, statement);
  return statement;
}

function prepareLocked(db: Db, shape: Shape, name: string) {
  const known = sql.join(
    Array.from({ length: shape.conversations }, (_, j) => sql`(${ph(`c${j}`)}::uuid, ${ph(`p${j}`)}::uuid)`),
    sql`, `,
  );
  // Each conversation as the batch knows it, in its project; one found elsewhere counts as gone.
  const locked = db.$with('locked').as(
    db
      .select()
      .from(chatConversations)
      .where(sql`(${chatConversations.id}, ${chatConversations.projectId}) in (${known})`)
      .orderBy(chatConversations.id)
      .for('update'),
  );
  const refuse = (reason: string) => sql`atrio_refuse(${reason})`;
  const { ctes, inserted, fields } = batchParts(db, shape, new Set(), (counts) => {
    // The first row's seq (the trigger replaces it) carries the checks: its subquery runs
    // once, before any row is written, so every lock is held before the project's counter.
    const over = counts.map((hit, k) => sql`(select ${hit.points} from ${hit}) > ${ph(`h${k}max`)}`);
    return sql`(select case when (select count(*) from ${locked}) <> ${shape.conversations} then ${refuse('conversation')} ${
      over.length ? sql`when ${sql.join(over, sql` or `)} then ${refuse('limit')}` : sql``
    } else 0 end)`;
  });
  const conversation = Object.fromEntries(conversationColumns.map((k) => [k, locked[k]]));
  return db
    .with(locked, ...ctes)
    .select({ ...fields, conversation })
    .from(inserted)
    .innerJoin(locked, sql`${locked.id} = ${inserted.conversationId}`)
    .prepare(name);
}

const hitCte = (db: Db | Tx, k: number) => db.$with(`hit_${k}`).as(countUpsert(db, ph(`h${k}key`), ph(`h${k}n`), ph(`h${k}reset`)));

/** The statement's parts: the limit counts, the insert, the read marks and the heads, and the fields read back. */
function batchParts(db: Db | Tx, shape: Shape, reopen: ReadonlySet<string>, firstSeq?: (counts: ReturnType<typeof hitCte>[]) => SQL) {
  const counts = Array.from({ length: shape.authors }, (_, k) => hitCte(db, k));
  const values = Array.from({ length: shape.messages }, (_, i) => {
    const row = {
      conversationId: ph(`m${i}c`),
      projectId: ph(`m${i}p`),
      authorId: ph(`m${i}a`),
      body: ph(`m${i}b`),
      attachments: ph(`m${i}f`),
      clientKey: ph(`m${i}k`),
    };
    return i === 0 && firstSeq ? { ...row, seq: firstSeq(counts) } : row;
  });
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
      counts.flatMap((hit, i) => [
        [`hit${i}Points`, sql`(select ${hit.points} from ${hit})`.mapWith(Number)],
        [`hit${i}ResetAt`, sql`(select ${hit.resetAt} from ${hit})`.mapWith(rateLimits.resetAt)],
      ]),
    ),
  };
  return { ctes: [...counts, inserted, marks, heads], inserted, fields };
}

const hitOf = (row: Record<string, unknown>, i: number) => ({ points: row[`hit${i}Points`] as number, resetAt: row[`hit${i}ResetAt`] as Date });

/** A row of the statement without the counts' and the conversation's columns. */
const messageOf = (row: Record<string, unknown>) => Object.fromEntries(own.map((k) => [k, row[k]])) as ChatMessage;
