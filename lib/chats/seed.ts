import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { chatConversations, chatMessages, chatReads } from './tables';

// The demo project's team chat is not empty on first start: a channel with a few messages,
// read by everyone, so nothing shows as unread before anyone has done anything.
const DEMO_MESSAGES: [authorIndex: number, body: string][] = [
  [0, 'Welcome to the Demo Studio team chat! Channels, direct messages and support conversations all live here.'],
  [1, 'Thanks! The launch board is ready: https://example.com/launch-plan'],
  [2, 'Support is covered this week. Customers can write to us from their projects page.'],
];

/** `staffIds` in the order of the demo staff: owner, manager, support. */
export async function seedDemoChat(tx: Tx, projectId: string, staffIds: string[]): Promise<void> {
  const [channel] = await tx
    .insert(chatConversations)
    .values({ projectId, kind: 'channel', name: 'general', topic: 'Everything about Demo Studio', createdBy: staffIds[0] })
    .returning({ id: chatConversations.id });
  let last = { seq: 0, createdAt: new Date() };
  for (const [author, body] of DEMO_MESSAGES) {
    [last] = await tx
      .insert(chatMessages)
      .values({ conversationId: channel.id, projectId, authorId: staffIds[author], body })
      .returning({ seq: chatMessages.seq, createdAt: chatMessages.createdAt });
  }
  await tx.update(chatConversations).set({ lastMessageSeq: last.seq, lastMessageAt: last.createdAt }).where(eq(chatConversations.id, channel.id));
  await tx.insert(chatReads).values(staffIds.map((userId) => ({ conversationId: channel.id, userId, lastReadSeq: last.seq })));
}
