import { and, eq } from 'drizzle-orm';
import type { Conn } from '../chats/access';
import type { ChatConversation, ChatMessage } from '../chats/tables';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { accountOf, type Credentials } from './accounts';
import { GraphError, sendPayload } from './graph';
import { WHATSAPP_WINDOW_MS } from './limits';
import { publishStatus } from './status-events';
import { whatsappContacts, whatsappMessages, type WhatsappContact } from './tables';
import { later } from './tasks';

/** The contact behind a support conversation, if it is a WhatsApp one. */
export async function contactOf(db: Conn, conversation: Pick<ChatConversation, 'id' | 'kind' | 'customerId'>): Promise<WhatsappContact | null> {
  // A support conversation opened by a user of the project has a customer; WhatsApp's have none.
  if (conversation.kind !== 'support' || conversation.customerId) return null;
  const [contact] = await db.select().from(whatsappContacts).where(eq(whatsappContacts.conversationId, conversation.id)).limit(1);
  return contact ?? null;
}

/** When the contact's 24-hour customer-service window closes (null: they never wrote). */
export const windowEnd = (contact: WhatsappContact): Date | null =>
  contact.lastInboundAt ? new Date(contact.lastInboundAt.getTime() + WHATSAPP_WINDOW_MS) : null;
export const windowOpen = (contact: WhatsappContact, now = Date.now()): boolean => (windowEnd(contact)?.getTime() ?? 0) > now;

/** A usable account for the conversation's project, else 409 (extension off, or no token saved). */
export async function liveAccountOrThrow(db: Conn, projectId: string): Promise<Credentials> {
  const account = await accountOf(db, projectId);
  if (!account?.accessToken || !account.phoneNumberId) throw new HttpError(409, 'whatsapp.notConfigured');
  return account;
}

/** Sends in the background; the link row follows: sent with Meta's id, or failed with Meta's reason. */
export function deliver(db: Db, account: Credentials, link: { id: string; conversationId: string }, payload: Record<string, unknown>): void {
  later('send', async () => {
    try {
      const waMessageId = await sendPayload(account, payload);
      await db.update(whatsappMessages).set({ waMessageId, status: 'sent', updatedAt: new Date() }).where(eq(whatsappMessages.id, link.id));
    } catch (error) {
      const e = error instanceof GraphError ? error : new GraphError(0, null, String(error));
      await db
        .update(whatsappMessages)
        .set({ status: 'failed', errorCode: e.code, errorText: e.detail.slice(0, 500), updatedAt: new Date() })
        .where(eq(whatsappMessages.id, link.id));
    }
    await publishStatus(account.projectId, link.conversationId);
  });
}

/** Records the chat message as outgoing (pending) and sends it. */
export async function sendOut(db: Db, account: Credentials, message: ChatMessage, payload: Record<string, unknown>): Promise<void> {
  const [link] = await db
    .insert(whatsappMessages)
    .values({ projectId: message.projectId, conversationId: message.conversationId, chatMessageId: message.id, direction: 'out', status: 'pending' })
    .returning({ id: whatsappMessages.id, conversationId: whatsappMessages.conversationId });
  deliver(db, account, link, payload);
}

/**
 * Called by the chat's send path before a staff message is stored. Null for any
 * conversation that is not a WhatsApp one. For a WhatsApp one: refused unless the
 * extension is live, the 24-hour window is open (outside it only templates may go) and the
 * reply is text; otherwise `dispatch` sends the stored message out through the Graph API.
 */
export async function whatsappReplyGuard(
  conn: Conn,
  conversation: Pick<ChatConversation, 'id' | 'kind' | 'customerId' | 'projectId'>,
  side: 'staff' | 'customer',
  fileCount: number,
): Promise<{ dispatch: (message: ChatMessage) => Promise<void> } | null> {
  if (side !== 'staff') return null;
  // The chat's send path runs on the request's database, never inside a transaction: the
  // send outlives the request, so it needs the database itself.
  const db = conn as Db;
  const contact = await contactOf(db, conversation);
  if (!contact) return null;
  const account = await liveAccountOrThrow(db, conversation.projectId);
  if (!windowOpen(contact)) throw new HttpError(409, 'whatsapp.windowClosed', { body: 'whatsapp.windowClosed' });
  if (fileCount > 0) throw new HttpError(400, 'whatsapp.textOnly', { body: 'whatsapp.textOnly' });
  return {
    dispatch: (message) =>
      sendOut(db, account, message, { recipient_type: 'individual', to: contact.waId, type: 'text', text: { body: message.body, preview_url: false } }),
  };
}

/** The contact and link rows of a project's conversation, for the API's view. */
export async function linksOf(db: Conn, projectId: string, conversationId: string) {
  return db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.projectId, projectId), eq(whatsappMessages.conversationId, conversationId)));
}
