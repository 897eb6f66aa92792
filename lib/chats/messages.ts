import { and, asc, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import { HttpError } from '../http/errors';
import type { SignedInContext } from '../http/route';
import type { Locale } from '../i18n/locales';
import { logger } from '../log/logger';
import { token } from '../validation/messages';
import { findConversation, seerOf, sideOf, type Conn, type ConversationShape, type Side } from './access';
import { prepareFiles, removeStored, storeFiles } from './attachments';
import { publishConversation, publishMessage, publishMessageDeleted } from './events';
import { commitMessage, type Committed } from './commit';
import { whatsappReplyGuard } from '../whatsapp/outbound';
import type { MessageInput, MessagesQuery } from './schemas';
import { chatMessages, type ChatAttachment, type ChatConversation, type ChatMessage } from './tables';
import type { ChatPerson, MessageView } from './types';
import { messageView, selectMessages } from './views';
import { errorText } from '../log/error-text';

const notFound = () => new HttpError(404, 'notFound');
const emptyBody = () => new HttpError(400, 'invalidInput', { body: token('required') });

/**
 * One page of a conversation, in ascending seq: `before` the page older than it, `after`
 * the messages newer than it (catching up), neither the newest page. Deleted messages
 * stay in place, marked deleted, so cursors and the "new messages" marker keep their place.
 */
export async function listMessages(db: Conn, conversationId: string, query: MessagesQuery): Promise<{ messages: MessageView[]; hasMore: boolean }> {
  const forward = query.after !== undefined;
  const where = and(
    eq(chatMessages.conversationId, conversationId),
    forward ? gt(chatMessages.seq, query.after!) : query.before !== undefined ? lt(chatMessages.seq, query.before) : undefined,
  );
  // One more than asked tells whether another page lies beyond.
  const rows = await selectMessages(db)
    .where(where)
    .orderBy(forward ? asc(chatMessages.seq) : desc(chatMessages.seq))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (!forward) page.reverse();
  return { messages: page.map(messageView), hasMore };
}

/**
 * A new message. Files are checked and stored first (removed again if it cannot be saved);
 * then it is committed with whatever other messages are waiting (commit.ts): the database
 * gives it the project's next seq, the conversation's newest seq moves, the author's own
 * message counts as read, and a customer writing to a resolved support conversation
 * reopens it. The insert counts the files against the project's and the author's storage
 * (a trigger, see quotas/tables.ts); over either quota it is undone (413 in `locale`).
 * A client key already used by the author in the conversation returns that message again,
 * announced and sent on nothing a second time.
 */
export async function sendMessage(
  db: Conn,
  conversation: ConversationShape,
  side: Side,
  author: ChatPerson,
  input: MessageInput,
  files: Map<string, File>,
  locale: Locale = 'en',
  options: { counted?: boolean } = {},
): Promise<MessageView> {
  if (!input.body && files.size === 0) throw emptyBody();
  // A staff reply in a WhatsApp conversation is checked here and sent out once stored.
  const whatsapp = await whatsappReplyGuard(db, conversation, side, files.size);
  const prepared = await prepareFiles(files);
  const stored: string[] = [];
  let result: Committed;
  try {
    const attachments = await storeFiles(conversation.projectId, conversation.id, prepared, stored);
    result = await commitMessage(db, {
      conversationId: conversation.id,
      projectId: conversation.projectId,
      side,
      author,
      body: input.body,
      clientKey: input.clientKey,
      attachments,
      locale,
      counted: options.counted,
    });
  } catch (error) {
    await removeStored(stored);
    throw error;
  }
  const view = messageView({ message: result.message, author });
  if (result.existing) {
    await removeStored(stored);
    return view;
  }
  // The answer says the message is saved; announcing it (a notification's round trip on
  // PostgreSQL) goes on meanwhile rather than before it, so a sender's next message is not
  // held back by it. Events still leave in the order they are published.
  void announce(db, result, view).catch((error: unknown) =>
    logger.error({ err: errorText(error), conversationId: conversation.id }, 'chat message not announced'),
  );
  await whatsapp?.dispatch(result.message);
  return view;
}

async function announce(db: Conn, { conversation, reopened }: Committed, view: MessageView) {
  await publishMessage(db, conversation, view);
  if (reopened) await publishConversation(db, conversation);
}

type Found = { message: ChatMessage; conversation: ChatConversation };

/** A message of a conversation the viewer may read (either side), not deleted; else 404. */
async function visibleMessageOrThrow(ctx: Pick<SignedInContext, 'db' | 'viewer'>, id: string): Promise<Found> {
  if (!isUuid(id)) throw notFound();
  const [message] = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), isNull(chatMessages.deletedAt)))
    .limit(1);
  const conversation = message ? await findConversation(ctx.db, message.conversationId) : null;
  if (!message || !conversation || !(await sideOf(ctx.db, seerOf(ctx), conversation))) throw notFound();
  return { message, conversation };
}

/** Only the author changes or deletes a message; others who can read it are refused. */
async function ownMessageOrThrow(ctx: Pick<SignedInContext, 'db' | 'viewer'>, id: string): Promise<Found> {
  const found = await visibleMessageOrThrow(ctx, id);
  if (found.message.authorId !== ctx.viewer.user.id) throw new HttpError(403, 'chatsNotAuthor');
  return found;
}

const authorOf = (ctx: Pick<SignedInContext, 'viewer'>): ChatPerson => ({ id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar });

/** The author's new text; it may be empty only when the message carries files. */
export async function editMessage(ctx: Pick<SignedInContext, 'db' | 'viewer'>, id: string, input: MessageInput): Promise<MessageView> {
  const { message, conversation } = await ownMessageOrThrow(ctx, id);
  if (!input.body && message.attachments.length === 0) throw emptyBody();
  const [updated] = await ctx.db
    .update(chatMessages)
    .set({ body: input.body, editedAt: new Date() })
    .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)))
    .returning();
  if (!updated) throw notFound();
  const view = messageView({ message: updated, author: authorOf(ctx) });
  await publishMessage(ctx.db, conversation, view, true);
  return view;
}

/** Soft delete: the row keeps its place in the history, its text and files are gone (files from storage too). */
export async function deleteMessage(ctx: Pick<SignedInContext, 'db' | 'viewer'>, id: string): Promise<void> {
  const { message, conversation } = await ownMessageOrThrow(ctx, id);
  const [deleted] = await ctx.db
    .update(chatMessages)
    .set({ body: '', attachments: [], deletedAt: new Date() })
    .where(and(eq(chatMessages.id, message.id), isNull(chatMessages.deletedAt)))
    .returning({ id: chatMessages.id });
  if (!deleted) throw notFound();
  await removeStored(message.attachments.map((a) => a.key));
  await publishMessageDeleted(ctx.db, conversation, message.id);
}

/** An attachment of a live message the viewer may read; anything else is a 404. */
export async function attachmentOrThrow(ctx: Pick<SignedInContext, 'db' | 'viewer'>, messageId: string, fileId: string): Promise<ChatAttachment> {
  const { message } = await visibleMessageOrThrow(ctx, messageId);
  const attachment = message.attachments.find((a) => a.id === fileId);
  if (!attachment) throw notFound();
  return attachment;
}
