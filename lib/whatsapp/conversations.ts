import { eq } from 'drizzle-orm';
import { getConversationOrThrow } from '../chats/access';
import { publishMessage } from '../chats/events';
import { chatConversations, chatMessages } from '../chats/tables';
import { markRead } from '../chats/reads';
import { messageView } from '../chats/views';
import type { MessageView } from '../chats/types';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { projects } from '../projects/tables';
import { GraphError, listTemplates } from './graph';
import { contactOf, linksOf, liveAccountOrThrow, sendOut, windowEnd, windowOpen } from './outbound';
import type { TemplateSendInput } from './schemas';
import type { WhatsappConversationView, WhatsappTemplate } from './types';

/** A support conversation of the active project the viewer may see and that is a WhatsApp one; else 404. */
async function whatsappConversationOrThrow(ctx: ProjectContext, id: string) {
  const conversation = await getConversationOrThrow(ctx, id);
  const contact = await contactOf(ctx.db, conversation);
  return { conversation, contact };
}

/** The conversation's WhatsApp side: contact, window and each message's state; null for other conversations. */
export async function whatsappConversation(ctx: ProjectContext, id: string): Promise<WhatsappConversationView | null> {
  const { conversation, contact } = await whatsappConversationOrThrow(ctx, id);
  if (!contact) return null;
  const [links, [project]] = await Promise.all([
    linksOf(ctx.db, ctx.project.id, conversation.id),
    ctx.db.select({ timeZone: projects.timeZone }).from(projects).where(eq(projects.id, ctx.project.id)),
  ]);
  const end = windowEnd(contact);
  return {
    contact: { name: contact.name, waId: contact.waId },
    windowEndsAt: end?.toISOString() ?? null,
    windowOpen: windowOpen(contact),
    timeZone: project?.timeZone ?? 'UTC',
    messages: Object.fromEntries(
      links
        .filter((l) => l.chatMessageId)
        .map((l) => [l.chatMessageId!, { direction: l.direction, status: l.status, errorCode: l.errorCode, errorText: l.errorText }]),
    ),
  };
}

async function templatesOrThrow(ctx: ProjectContext, projectId: string): Promise<WhatsappTemplate[]> {
  const account = await liveAccountOrThrow(ctx.db, projectId);
  try {
    return await listTemplates(account);
  } catch (error) {
    if (error instanceof GraphError) throw new HttpError(502, 'whatsapp.graphFailed', {}, { detail: error.detail.slice(0, 200) });
    throw error;
  }
}

/** The approved templates of the project's WhatsApp Business Account. */
export async function conversationTemplates(ctx: ProjectContext, id: string): Promise<WhatsappTemplate[]> {
  const { conversation, contact } = await whatsappConversationOrThrow(ctx, id);
  if (!contact) throw new HttpError(404, 'notFound');
  return templatesOrThrow(ctx, conversation.projectId);
}

/**
 * Sends an approved template, the one thing allowed outside the 24-hour window. The chat
 * records it as the staff member's message (the template's text), then it goes out.
 */
export async function sendTemplate(ctx: ProjectContext, id: string, input: TemplateSendInput): Promise<MessageView> {
  const { conversation, contact } = await whatsappConversationOrThrow(ctx, id);
  if (!contact) throw new HttpError(404, 'notFound');
  const template = (await templatesOrThrow(ctx, conversation.projectId)).find((t) => t.name === input.name && t.language === input.language);
  if (!template) throw new HttpError(400, 'invalidInput', { name: 'whatsapp.unknownTemplate' });
  const account = await liveAccountOrThrow(ctx.db, conversation.projectId);
  const author = { id: ctx.viewer.user.id, name: ctx.viewer.user.name, avatar: ctx.viewer.user.avatar };
  const { message, updated } = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: chatConversations.id }).from(chatConversations).where(eq(chatConversations.id, conversation.id)).for('update');
    const [message] = await tx
      .insert(chatMessages)
      .values({ conversationId: conversation.id, projectId: conversation.projectId, authorId: author.id, body: template.body || `[${template.name}]` })
      .returning();
    const [updated] = await tx
      .update(chatConversations)
      .set({ lastMessageSeq: message.seq, lastMessageAt: message.createdAt })
      .where(eq(chatConversations.id, conversation.id))
      .returning();
    await markRead(tx, conversation.id, author.id, message.seq);
    return { message, updated };
  });
  const view = messageView({ message, author });
  await publishMessage(ctx.db, updated, view);
  await sendOut(ctx.db, account, message, { to: contact.waId, type: 'template', template: { name: template.name, language: { code: template.language } } });
  return view;
}
