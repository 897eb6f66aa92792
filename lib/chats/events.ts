import { eq } from 'drizzle-orm';
import { projects } from '../projects/tables';
import type { Audience } from '../realtime/audience';
import { publish } from '../realtime/pubsub';
import { isActiveMember, type Conn } from './access';
import { chatMembers, type ChatConversation } from './tables';
import {
  CHAT_EVENTS,
  type ChatChannel,
  type ChatConversationEvent,
  type ChatMessageDeletedEvent,
  type ChatMessageEvent,
  type ChatReadEvent,
  type MessageView,
} from './types';

// Every publish here runs after the change committed: an event never announces something
// a client could then fail to fetch.

export const channelOf = (conversation: Pick<ChatConversation, 'kind'>): ChatChannel => (conversation.kind === 'support' ? 'SUPPORT' : 'USER');

async function memberIds(db: Conn, conversationId: string): Promise<string[]> {
  const rows = await db.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.conversationId, conversationId));
  return rows.map((r) => r.userId);
}

/** The support conversation's customer, while they may still read it (customerMaySee): a removed user hears nothing more. */
async function customersOf(db: Conn, conversation: ChatConversation): Promise<string[]> {
  const id = conversation.customerId;
  return id && (await isActiveMember(db, id, conversation.projectId)) ? [id] : [];
}

/**
 * Who a conversation's events reach, by the same rules as reading it: the team for a public
 * channel, the members of a private channel or direct, support staff and the customer for
 * support. `alsoUsers` adds people who just left, so their screens drop the conversation.
 */
export async function audienceOf(db: Conn, conversation: ChatConversation, alsoUsers: readonly string[] = []): Promise<Audience> {
  const projectId = conversation.projectId;
  if (conversation.kind === 'support') return { projectId, perms: ['CHATS__SUPPORT'], customers: await customersOf(db, conversation) };
  if (conversation.kind === 'channel' && !conversation.isPrivate) {
    return alsoUsers.length ? { projectId, perms: ['CHATS__TEAM'], users: [...alsoUsers] } : { projectId, perms: ['CHATS__TEAM'] };
  }
  return { projectId, users: [...new Set([...(await memberIds(db, conversation.id)), ...alsoUsers])] };
}

/** The project's key, for support events only (their customer's page is named by it). */
async function supportKey(db: Conn, conversation: ChatConversation): Promise<string | undefined> {
  if (conversation.kind !== 'support') return undefined;
  const [row] = await db.select({ key: projects.key }).from(projects).where(eq(projects.id, conversation.projectId)).limit(1);
  return row?.key;
}

export async function publishMessage(db: Conn, conversation: ChatConversation, message: MessageView, updated = false): Promise<void> {
  const d: ChatMessageEvent = {
    channel: channelOf(conversation),
    projectId: conversation.projectId,
    projectKey: await supportKey(db, conversation),
    conversationId: conversation.id,
    message,
  };
  await publish({ audience: await audienceOf(db, conversation), e: updated ? CHAT_EVENTS.messageUpdated : CHAT_EVENTS.message, d });
}

export async function publishMessageDeleted(db: Conn, conversation: ChatConversation, messageId: string): Promise<void> {
  const d: ChatMessageDeletedEvent = { channel: channelOf(conversation), projectId: conversation.projectId, conversationId: conversation.id, messageId };
  await publish({ audience: await audienceOf(db, conversation), e: CHAT_EVENTS.messageDeleted, d });
}

/** Created, renamed, members changed, status or assignee changed: clients refetch it. */
export async function publishConversation(db: Conn, conversation: ChatConversation, alsoUsers: readonly string[] = []): Promise<void> {
  const d: ChatConversationEvent = { channel: channelOf(conversation), projectId: conversation.projectId, conversationId: conversation.id };
  await publish({ audience: await audienceOf(db, conversation, alsoUsers), e: CHAT_EVENTS.conversation, d });
}

/** To the reader's own other tabs and devices, wherever they are connected. */
export async function publishRead(userId: string, conversationId: string, lastReadSeq: number): Promise<void> {
  const d: ChatReadEvent = { conversationId, lastReadSeq };
  await publish({ audience: { customers: [userId] }, e: CHAT_EVENTS.read, d });
}
