import { and, eq, sql } from 'drizzle-orm';
import { publishConversation, publishMessage } from '../chats/events';
import { MESSAGE_MAX } from '../chats/limits';
import { chatConversations, chatMessages, type ChatConversation, type ChatMessage } from '../chats/tables';
import { messageView } from '../chats/views';
import type { Db } from '../db/client';
import type { Credentials } from './accounts';
import { saveMedia } from './media';
import { mediaOf, textOf, timeOf, type ChangeValue, type InboundMessage, type InboundStatus } from './payload';
import { publishStatus } from './status-events';
import { whatsappAccounts, whatsappContacts, whatsappMessages, type WhatsappStatus } from './tables';
import { later } from './tasks';

type Stored = { conversation: ChatConversation; message: ChatMessage; announce: boolean };

/** The conversation's name in lists: the contact's profile name, else their number. */
const titleOf = (name: string, waId: string) => (name ? `${name} (+${waId})` : `+${waId}`).slice(0, 80);

/**
 * One inbound message, in one transaction with the project's account row locked, so two
 * deliveries of the same contact's first messages make one conversation. A message id seen
 * before is skipped (Meta redelivers until it gets a 200). Null when it was a repeat.
 */
async function storeInbound(db: Db, projectId: string, message: InboundMessage, name: string): Promise<Stored | null> {
  const waId = message.from!;
  const at = timeOf(message.timestamp);
  return db.transaction(async (tx) => {
    await tx.select({ id: whatsappAccounts.projectId }).from(whatsappAccounts).where(eq(whatsappAccounts.projectId, projectId)).for('update');
    const [known] = await tx
      .select()
      .from(whatsappContacts)
      .where(and(eq(whatsappContacts.projectId, projectId), eq(whatsappContacts.waId, waId)))
      .limit(1);
    let contact = known;
    let created = false;
    if (!contact) {
      const [conversation] = await tx
        .insert(chatConversations)
        .values({ projectId, kind: 'support', status: 'open', name: titleOf(name, waId), topic: `WhatsApp +${waId}` })
        .returning();
      [contact] = await tx.insert(whatsappContacts).values({ projectId, waId, name, conversationId: conversation.id }).returning();
      created = true;
    }
    const [link] = await tx
      .insert(whatsappMessages)
      .values({ projectId, conversationId: contact.conversationId, waMessageId: message.id!, direction: 'in', status: 'received' })
      .onConflictDoNothing()
      .returning();
    if (!link) return null;
    const [row] = await tx
      .insert(chatMessages)
      .values({ conversationId: contact.conversationId, projectId, authorId: null, body: textOf(message).slice(0, MESSAGE_MAX), createdAt: new Date() })
      .returning();
    await tx.update(whatsappMessages).set({ chatMessageId: row.id }).where(eq(whatsappMessages.id, link.id));
    const [before] = await tx.select({ status: chatConversations.status }).from(chatConversations).where(eq(chatConversations.id, contact.conversationId));
    const [conversation] = await tx
      .update(chatConversations)
      .set({ lastMessageSeq: row.seq, lastMessageAt: row.createdAt, status: 'open', ...(name ? { name: titleOf(name, waId) } : {}) })
      .where(eq(chatConversations.id, contact.conversationId))
      .returning();
    await tx
      .update(whatsappContacts)
      .set({ lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, ${at.toISOString()}::timestamptz)`, ...(name ? { name } : {}) })
      .where(eq(whatsappContacts.id, contact.id));
    return { conversation, message: row, announce: created || before?.status === 'resolved' };
  });
}

// A status never moves back: "delivered" arriving after "read" changes nothing. A failure always shows.
const RANK: Record<string, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

async function storeStatus(db: Db, projectId: string, status: InboundStatus): Promise<string | null> {
  const next = status.status as WhatsappStatus;
  if (!status.id || !(next in RANK || next === 'failed')) return null;
  const error = status.errors?.[0];
  const lower = Object.entries(RANK)
    .filter(([, r]) => r < (RANK[next] ?? 99))
    .map(([s]) => s);
  const [row] = await db
    .update(whatsappMessages)
    .set({
      status: next,
      errorCode: next === 'failed' ? (error?.code ?? null) : null,
      errorText: next === 'failed' ? (error?.error_data?.details ?? error?.message ?? error?.title ?? null) : null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(whatsappMessages.projectId, projectId),
        eq(whatsappMessages.waMessageId, status.id),
        eq(whatsappMessages.direction, 'out'),
        next === 'failed' ? undefined : sql`${whatsappMessages.status} in (${sql.join(lower.length ? lower.map((s) => sql`${s}`) : [sql`''`], sql`, `)})`,
      ),
    )
    .returning({ conversationId: whatsappMessages.conversationId });
  return row?.conversationId ?? null;
}

/** One `messages` change for a project whose signature checked out: new messages, then statuses. */
export async function handleChange(db: Db, account: Credentials, value: ChangeValue): Promise<void> {
  const names = new Map((value.contacts ?? []).filter((c) => c?.wa_id).map((c) => [c.wa_id!, (c.profile?.name ?? '').trim().slice(0, 120)]));
  for (const message of value.messages ?? []) {
    if (typeof message?.id !== 'string' || typeof message.from !== 'string' || !/^\d{1,20}$/.test(message.from)) continue;
    const stored = await storeInbound(db, account.projectId, message, names.get(message.from) ?? '');
    if (!stored) continue;
    if (stored.announce) await publishConversation(db, stored.conversation);
    await publishMessage(db, stored.conversation, messageView({ message: stored.message, author: null }));
    const media = mediaOf(message);
    // The bytes come after the 200: Meta wants a quick answer, and a download may be slow.
    if (media) later('media', () => saveMedia(db, account, stored.conversation, stored.message.id, media));
  }
  const touched = new Set<string>();
  for (const status of value.statuses ?? []) {
    const conversationId = await storeStatus(db, account.projectId, status);
    if (conversationId) touched.add(conversationId);
  }
  for (const conversationId of touched) await publishStatus(account.projectId, conversationId);
}
