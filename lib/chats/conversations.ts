import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { users } from '../users/tables';
import { token } from '../validation/messages';
import { getConversationOrThrow, seerOf, staffVisible } from './access';
import { publishConversation } from './events';
import { holding } from './people';
import { staffUnread } from './counts';
import type { ConversationListQuery, ConversationPatch } from './schemas';
import { chatConversations, chatMembers, type ChatConversation } from './tables';
import type { ChatPerson, ConversationView } from './types';
import { conversationView, conversationViews } from './views';

/** The most a list answers: support conversations pile up over the years; the newest come first. */
export const LIST_MAX = 200;

export const channelNameTaken = () => new HttpError(409, 'chatsChannelNameTaken', { name: 'chatsChannelNameTaken' });
const wrongKind = (field: string) => new HttpError(400, 'chatsWrongKind', { [field]: token('invalid') });

/** Status and assignee narrow support conversations; team ones pass them untouched. */
function filters(query: ConversationListQuery, viewerId: string): SQL[] {
  const where: SQL[] = [];
  if (query.kind === 'team') where.push(inArray(chatConversations.kind, ['channel', 'direct']));
  if (query.kind === 'support') where.push(eq(chatConversations.kind, 'support'));
  const notSupport = ne(chatConversations.kind, 'support');
  if (query.status !== 'all') where.push(or(notSupport, eq(chatConversations.status, query.status))!);
  if (query.assignee === 'me') where.push(or(notSupport, eq(chatConversations.assigneeId, viewerId))!);
  if (query.assignee === 'none') where.push(or(notSupport, isNull(chatConversations.assigneeId))!);
  return where;
}

/** The viewer's conversations, newest activity first, and their unread total over every conversation they may see. */
export async function listConversations(
  ctx: Pick<ProjectContext, 'db' | 'viewer' | 'project'>,
  query: ConversationListQuery,
): Promise<{ conversations: ConversationView[]; unreadTotal: number; asOf: number }> {
  const me = ctx.viewer.user.id;
  const visible = staffVisible(seerOf(ctx));
  if (!visible) return { conversations: [], unreadTotal: 0, asOf: 0 };
  const [rows, unread] = await Promise.all([
    ctx.db
      .select()
      .from(chatConversations)
      .where(and(visible, ...filters(query, me)))
      .orderBy(
        desc(sql`coalesce(${chatConversations.lastMessageAt}, ${chatConversations.createdAt})`),
        desc(chatConversations.lastMessageSeq),
        desc(chatConversations.id),
      )
      .limit(LIST_MAX),
    staffUnread(ctx.db, seerOf(ctx)),
  ]);
  return { conversations: await conversationViews(ctx.db, me, rows, unread.conversations), unreadTotal: unread.total, asOf: unread.asOf };
}

/** Who belongs to a private channel or a direct conversation (public channels and support follow permissions: none listed). */
export async function membersOf(ctx: Pick<ProjectContext, 'db'>, conversation: ChatConversation): Promise<ChatPerson[]> {
  if (conversation.kind === 'support' || (conversation.kind === 'channel' && !conversation.isPrivate)) return [];
  return ctx.db
    .select({ id: users.id, name: users.name, avatar: users.avatar })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .where(eq(chatMembers.conversationId, conversation.id))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

export async function getConversationDetail(ctx: ProjectContext, id: string): Promise<{ conversation: ConversationView; members: ChatPerson[] }> {
  const row = await getConversationOrThrow(ctx, id);
  const [conversation, members] = await Promise.all([conversationView(ctx.db, ctx.viewer.user.id, row), membersOf(ctx, row)]);
  return { conversation, members };
}

/** What a change may touch: name and topic of a channel (anyone who may read it), the status of a support conversation. */
function changesFor(conversation: ChatConversation, patch: ConversationPatch): Partial<ChatConversation> {
  if (conversation.kind === 'channel') {
    if (patch.status !== undefined) throw wrongKind('status');
    return { ...(patch.name !== undefined && { name: patch.name }), ...(patch.topic !== undefined && { topic: patch.topic }) };
  }
  if (patch.name !== undefined) throw wrongKind('name');
  if (patch.topic !== undefined) throw wrongKind('topic');
  if (patch.status === undefined) return {};
  if (conversation.kind === 'direct') throw wrongKind('status');
  return { status: patch.status };
}

export async function updateConversation(ctx: ProjectContext, id: string, patch: ConversationPatch): Promise<ConversationView> {
  let row = await getConversationOrThrow(ctx, id);
  const changes = changesFor(row, patch);
  if (Object.keys(changes).length > 0) {
    try {
      [row] = await ctx.db.update(chatConversations).set(changes).where(eq(chatConversations.id, row.id)).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw channelNameTaken();
      throw error;
    }
    await publishConversation(ctx.db, row);
  }
  return conversationView(ctx.db, ctx.viewer.user.id, row);
}

/** Support: who takes it. The assignee holds CHATS__SUPPORT (or full access) in the project; null unassigns. */
export async function assignConversation(ctx: ProjectContext, id: string, assigneeId: string | null): Promise<ConversationView> {
  const found = await getConversationOrThrow(ctx, id);
  if (found.kind !== 'support') throw wrongKind('assigneeId');
  if (assigneeId && !(await holding(ctx.db, found.projectId, [assigneeId], 'CHATS__SUPPORT')).has(assigneeId)) {
    throw new HttpError(400, 'chatsNotSupportStaff', { assigneeId: 'chatsNotSupportStaff' });
  }
  const [row] = await ctx.db.update(chatConversations).set({ assigneeId }).where(eq(chatConversations.id, found.id)).returning();
  await publishConversation(ctx.db, row);
  return conversationView(ctx.db, ctx.viewer.user.id, row);
}
