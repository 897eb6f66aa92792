import { eq } from 'drizzle-orm';
import { prepareFiles, removeStored, storeFiles } from '../chats/attachments';
import { publishMessage } from '../chats/events';
import { chatMessages, type ChatConversation } from '../chats/tables';
import { messageView } from '../chats/views';
import type { Db } from '../db/client';
import { logger } from '../log/logger';
import type { Credentials } from './accounts';
import { downloadMedia } from './graph';
import type { InboundMedia } from './payload';

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * Fetches an inbound message's media from the Graph API into private storage and attaches
 * it to the chat message. The bytes get the chat's own checks (type by content, images
 * re-encoded without metadata); what fails them is not kept, and the message says so.
 */
export async function saveMedia(
  db: Db,
  account: Credentials,
  conversation: ChatConversation,
  messageId: string,
  media: InboundMedia & { kind: string },
): Promise<void> {
  const { bytes, type } = await downloadMedia(account, media.id!);
  const name = media.filename?.slice(0, 120) || `whatsapp-${media.kind}.${EXTENSIONS[type] ?? 'bin'}`;
  let prepared;
  try {
    prepared = await prepareFiles(new Map([['file_0', new File([bytes as BlobPart], name, { type })]]));
  } catch {
    logger.warn({ projectId: account.projectId, type }, 'whatsapp media refused');
    const [row] = await db
      .update(chatMessages)
      .set({ body: `[${media.kind}: ${type}]` })
      .where(eq(chatMessages.id, messageId))
      .returning();
    if (row) await publishMessage(db, conversation, messageView({ message: row, author: null }), true);
    return;
  }
  const stored: string[] = [];
  try {
    const attachments = await storeFiles(conversation.projectId, conversation.id, prepared, stored);
    const [row] = await db.update(chatMessages).set({ attachments }).where(eq(chatMessages.id, messageId)).returning();
    if (!row) throw new Error('message gone');
    await publishMessage(db, conversation, messageView({ message: row, author: null }), true);
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
}
