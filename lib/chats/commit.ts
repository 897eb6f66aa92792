import { and, eq, inArray, sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import type { Locale } from '../i18n/locales';
import { assertWithinQuota } from '../quotas/service';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { expectEvents } from '../realtime/pubsub';
import type { Conn, Side } from './access';
import { insertBatch, insertLocked } from './batch-insert';
import { chatConversations, chatMessages, type ChatAttachment, type ChatConversation, type ChatMessage } from './tables';
import type { ChatPerson } from './types';

/** A message ready to be written: its files already stored. */
export type Draft = {
  conversationId: string;
  /** The conversation's project (its shape's): a batch written at once needs it before it reads the row. */
  projectId: string;
  side: Side;
  author: ChatPerson;
  body: string;
  clientKey?: string;
  attachments: ChatAttachment[];
  locale: Locale;
  /** Count it against the author's message limit as it is written (text sent as JSON or over the socket; files were counted before their body was read). */
  counted?: boolean;
};

/** What became of a draft: its message, the conversation after it, and whether it was there already (a retried send). */
export type Committed = { message: ChatMessage; conversation: ChatConversation; reopened: boolean; existing: boolean };

// A group commit: while one transaction is being written, the messages that arrive wait and
// then go together in the next, so a busy channel pays for one transaction (and one
// conversation update and read mark per author) per batch instead of per message. A quiet
// one waits for nothing: a message that finds no batch in flight starts one at once.
const MAX_BATCH = 100;

type Waiting = { draft: Draft; resolve: (c: Committed) => void; reject: (error: unknown) => void };
type Queue = { waiting: Waiting[]; busy: boolean; release?: () => void };
const queues = new WeakMap<Conn, Queue>();

const notFound = () => new HttpError(404, 'notFound');
const keyOf = (conversationId: string, authorId: string, clientKey: string) => `${conversationId}:${authorId}:${clientKey}`;

/** Writes the draft with whatever else is waiting; resolves once it is committed, in the order the drafts came. */
export function commitMessage(db: Conn, draft: Draft): Promise<Committed> {
  let queue = queues.get(db);
  if (!queue) queues.set(db, (queue = { waiting: [], busy: false }));
  const q = queue;
  return new Promise((resolve, reject) => {
    q.waiting.push({ draft, resolve, reject });
    if (q.busy) return;
    q.busy = true;
    // The batches' events follow: sockets' writes due meanwhile wait for them (PubSub.expect).
    q.release = expectEvents();
    // Sends that arrived in the same turn of the event loop go in the first batch together.
    setImmediate(() => void drain(db, q));
  });
}

async function drain(db: Conn, q: Queue) {
  try {
    while (q.waiting.length > 0) await commitBatch(db, q.waiting.splice(0, MAX_BATCH));
  } finally {
    q.busy = false;
    q.release?.();
  }
}

async function commitBatch(db: Conn, batch: Waiting[], again = false): Promise<void> {
  const drafts = batch.map((w) => w.draft);
  if (!again && mayWriteAtOnce(db, drafts)) {
    let results: Committed[] | null;
    try {
      results = await writeAtOnce(db, drafts);
    } catch (error) {
      return batch.forEach((w) => w.reject(error)); // perhaps written (the answer lost): never written twice
    }
    // Null: refused with nothing kept (a key sent before, a limit, a conversation gone); the long way says which.
    if (results) return batch.forEach((w, i) => w.resolve(results[i]));
  }
  try {
    const results = await db.transaction((tx) => writeAll(tx, drafts));
    batch.forEach((w, i) => w.resolve(results[i]));
  } catch (error) {
    // A retried key committed elsewhere while this batch waited (lockWithEarlier): once more, it is found.
    if (!again && isUniqueViolation(error)) return commitBatch(db, batch, true);
    if (batch.length === 1) return batch[0].reject(error);
    // One message that cannot go (its conversation just deleted, a full quota) must not take
    // the others with it: each is tried alone, and only it gets the error.
    for (const w of batch) await commitBatch(db, [w]);
  }
}

/** Text from the staff side, outside a transaction: nothing to read before writing it (insertLocked). */
function mayWriteAtOnce(db: Conn, drafts: Draft[]): db is Db {
  return !(db instanceof PgTransaction) && drafts.every((d) => d.side === 'staff' && d.attachments.length === 0);
}

/** A batch as one statement: each draft's new message and its conversation at the batch's newest. */
async function writeAtOnce(db: Db, drafts: Draft[]): Promise<Committed[] | null> {
  const written = await insertLocked(
    db,
    drafts.map((d) => newMessage(d, d.projectId)),
  );
  if (!written) return null;
  const rows = inOrderOf(drafts, written.rows, written.conversations);
  atNewest(written.conversations, rows, new Set());
  return rows.map((message) => ({ message, conversation: written.conversations.get(message.conversationId)!, reopened: false, existing: false }));
}

const newMessage = (d: Draft, projectId: string) => ({
  conversationId: d.conversationId,
  projectId,
  authorId: d.author.id,
  body: d.body,
  attachments: d.attachments,
  clientKey: d.clientKey ?? null,
  counted: Boolean(d.counted),
});

/** The conversations as a batch's statement left them: at their newest message, reopened or not. */
function atNewest(conversations: Map<string, ChatConversation>, rows: ChatMessage[], reopened: ReadonlySet<string>) {
  for (const row of rows) {
    const c = conversations.get(row.conversationId)!;
    if (row.seq > c.lastMessageSeq)
      conversations.set(c.id, { ...c, lastMessageSeq: row.seq, lastMessageAt: row.createdAt, ...(reopened.has(c.id) ? { status: 'open' as const } : {}) });
  }
}

/**
 * The conversations, locked in id order (two batches never wait on each other in a circle),
 * and the earlier messages of the drafts' client keys, by conversation, author and key: one
 * statement. Its rows were read as it began, so a key another transaction commits while
 * this one waits for the lock is missed here; the unique index then refuses the insert,
 * and the batch is tried again (commitBatch), when that message is seen.
 */
async function lockWithEarlier(tx: Tx, drafts: Draft[]): Promise<{ conversations: Map<string, ChatConversation>; earlier: Map<string, ChatMessage> }> {
  const ids = [...new Set(drafts.map((d) => d.conversationId))].sort();
  const keyed = drafts.filter((d) => d.clientKey);
  const keys = [...new Set(keyed.map((d) => d.clientKey!))];
  const authors = [...new Set(keyed.map((d) => d.author.id))];
  const rows = await tx
    .select({ conversation: chatConversations, earlier: chatMessages })
    .from(chatConversations)
    .leftJoin(
      chatMessages,
      keys.length
        ? // All three columns of the client-key index: a conversation's other messages are never read.
          and(eq(chatMessages.conversationId, chatConversations.id), inArray(chatMessages.authorId, authors), inArray(chatMessages.clientKey, keys))
        : sql`false`,
    )
    .where(inArray(chatConversations.id, ids))
    .orderBy(chatConversations.id)
    .for('update', { of: chatConversations });
  const conversations = new Map(rows.map((r) => [r.conversation.id, r.conversation]));
  if (conversations.size !== ids.length) throw notFound();
  const earlier = new Map<string, ChatMessage>();
  for (const { earlier: m } of rows) if (m) earlier.set(keyOf(m.conversationId, m.authorId!, m.clientKey!), m);
  return { conversations, earlier };
}

/**
 * One transaction for the lot, of two statements: the conversations are locked and retried
 * keys looked up (lockWithEarlier), then the new messages are written with everything they
 * move (insertBatch). The quota of a batch with files is checked after, inside it.
 */
async function writeAll(tx: Tx, drafts: Draft[]): Promise<Committed[]> {
  const { conversations, earlier } = await lockWithEarlier(tx, drafts);
  // Per draft: the index of the new row it makes, or the key of a message that already stands for it.
  const fresh: Draft[] = [];
  const plan = drafts.map((d) => {
    const key = d.clientKey ? keyOf(d.conversationId, d.author.id, d.clientKey) : null;
    if (key && earlier.has(key)) return { key };
    if (key) earlier.set(key, null as unknown as ChatMessage); // a second send of the key in this batch finds the first
    fresh.push(d);
    return { index: fresh.length - 1, key };
  });

  const reopened = new Set<string>();
  for (const d of fresh) {
    const c = conversations.get(d.conversationId)!;
    if (c.kind === 'support' && d.side === 'customer' && c.status === 'resolved') reopened.add(c.id);
  }
  const inserted = fresh.length
    ? await insertBatch(
        tx,
        fresh.map((d) => newMessage(d, conversations.get(d.conversationId)!.projectId)),
        reopened,
      )
    : [];
  const rows = inOrderOf(fresh, inserted, conversations);
  for (const [i, d] of fresh.entries()) if (d.clientKey) earlier.set(keyOf(d.conversationId, d.author.id, d.clientKey), rows[i]);

  for (const d of fresh) {
    const added = d.attachments.reduce((sum, a) => sum + a.size, 0);
    await assertWithinQuota(tx, conversations.get(d.conversationId)!.projectId, d.author.id, added, d.locale);
  }

  atNewest(conversations, rows, reopened);

  return plan.map((p, i) => {
    const d = drafts[i];
    const conversation = conversations.get(d.conversationId)!;
    if (p.index !== undefined) return { message: rows[p.index], conversation, reopened: reopened.has(conversation.id), existing: false };
    return { message: earlier.get(p.key!)!, conversation, reopened: false, existing: true };
  });
}

/**
 * The inserted rows lined up with the drafts that made them. Within a project the seq
 * trigger numbered them in statement order; across projects each has its own numbers.
 */
function inOrderOf(fresh: Draft[], inserted: ChatMessage[], conversations: ReadonlyMap<string, Pick<ChatConversation, 'projectId'>>): ChatMessage[] {
  const byProject = new Map<string, ChatMessage[]>();
  for (const row of inserted) {
    const list = byProject.get(row.projectId);
    if (list) list.push(row);
    else byProject.set(row.projectId, [row]);
  }
  for (const list of byProject.values()) list.sort((a, b) => a.seq - b.seq);
  const taken = new Map<string, number>();
  return fresh.map((d) => {
    const projectId = conversations.get(d.conversationId)!.projectId;
    const n = taken.get(projectId) ?? 0;
    taken.set(projectId, n + 1);
    return byProject.get(projectId)![n];
  });
}
