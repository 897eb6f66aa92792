import { and, eq } from 'drizzle-orm';
import { isUuid } from '../auth/refresh-token';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { ProjectContext } from '../http/route';
import { getConversationOrThrow, mayTeam, seerOf } from './access';
import { channelNameTaken } from './conversations';
import { publishConversation } from './events';
import { holding } from './people';
import type { ChannelCreateInput, DirectCreateInput } from './schemas';
import { chatConversations, chatMembers, type ChatConversation } from './tables';
import type { ConversationView } from './types';
import { conversationView } from './views';

/** Team conversations are for CHATS__TEAM: a support-only viewer passes the route but not this. */
function assertTeam(ctx: ProjectContext) {
  if (!mayTeam(seerOf(ctx))) throw new HttpError(403, 'forbidden');
}

/** Every id is the project's active staff holding CHATS__TEAM, else 400 on `field`. */
async function assertTeamMembers(ctx: ProjectContext, ids: readonly string[], field: string) {
  const held = await holding(ctx.db, ctx.project.id, ids, 'CHATS__TEAM');
  if (ids.some((id) => !held.has(id))) throw new HttpError(400, 'chatsNotTeamMember', { [field]: 'chatsNotTeamMember' });
}

/** A new channel; a private one starts with its creator and the named team members. */
export async function createChannel(ctx: ProjectContext, input: ChannelCreateInput): Promise<ConversationView> {
  assertTeam(ctx);
  const me = ctx.viewer.user.id;
  const others = input.isPrivate ? [...new Set(input.memberIds)].filter((id) => id !== me) : [];
  await assertTeamMembers(ctx, others, 'memberIds');
  let row: ChatConversation;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(chatConversations)
        .values({ projectId: ctx.project.id, kind: 'channel', name: input.name, topic: input.topic, isPrivate: input.isPrivate, createdBy: me })
        .returning();
      if (input.isPrivate) await tx.insert(chatMembers).values([me, ...others].map((userId) => ({ conversationId: created.id, userId })));
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw channelNameTaken();
    throw error;
  }
  await publishConversation(ctx.db, row);
  return conversationView(ctx.db, me, row);
}

/** The direct conversation of the viewer and `userId`, both active staff holding CHATS__TEAM: found, or created. */
export async function openDirect(ctx: ProjectContext, input: DirectCreateInput): Promise<{ conversation: ConversationView; created: boolean }> {
  assertTeam(ctx);
  const me = ctx.viewer.user.id;
  if (input.userId === me) throw new HttpError(400, 'chatsDirectSelf', { userId: 'chatsDirectSelf' });
  await assertTeamMembers(ctx, [me, input.userId], 'userId');
  const directKey = [me, input.userId].sort().join(':');
  const { row, created } = await ctx.db.transaction(async (tx) => {
    // A concurrent twin waits on the unique index, then finds the row the other wrote.
    const [inserted] = await tx
      .insert(chatConversations)
      .values({ projectId: ctx.project.id, kind: 'direct', directKey, createdBy: me })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      await tx.insert(chatMembers).values([me, input.userId].map((userId) => ({ conversationId: inserted.id, userId })));
      return { row: inserted, created: true };
    }
    const [existing] = await tx
      .select()
      .from(chatConversations)
      .where(and(eq(chatConversations.projectId, ctx.project.id), eq(chatConversations.kind, 'direct'), eq(chatConversations.directKey, directKey)));
    return { row: existing, created: false };
  });
  if (created) await publishConversation(ctx.db, row);
  return { conversation: await conversationView(ctx.db, me, row), created };
}

async function privateChannelOrThrow(ctx: ProjectContext, id: string): Promise<ChatConversation> {
  const row = await getConversationOrThrow(ctx, id);
  if (row.kind !== 'channel' || !row.isPrivate) throw new HttpError(400, 'chatsNotPrivate');
  return row;
}

/** A member of a private channel brings in more of the team. */
export async function addMembers(ctx: ProjectContext, id: string, userIds: string[]): Promise<ConversationView> {
  const row = await privateChannelOrThrow(ctx, id);
  const ids = [...new Set(userIds)];
  await assertTeamMembers(ctx, ids, 'userIds');
  await ctx.db
    .insert(chatMembers)
    .values(ids.map((userId) => ({ conversationId: row.id, userId })))
    .onConflictDoNothing();
  await publishConversation(ctx.db, row);
  return conversationView(ctx.db, ctx.viewer.user.id, row);
}

/** Leaving a private channel, or its creator taking someone out; the one who left still hears of it once. */
export async function removeMember(ctx: ProjectContext, id: string, userIdParam: string): Promise<void> {
  const row = await privateChannelOrThrow(ctx, id);
  const me = ctx.viewer.user.id;
  if (!isUuid(userIdParam)) throw new HttpError(404, 'notFound');
  const userId = userIdParam.toLowerCase();
  if (userId !== me && row.createdBy !== me) throw new HttpError(403, 'chatsMembersRemoveForbidden');
  const removed = await ctx.db
    .delete(chatMembers)
    .where(and(eq(chatMembers.conversationId, row.id), eq(chatMembers.userId, userId)))
    .returning({ userId: chatMembers.userId });
  if (removed.length === 0) throw new HttpError(404, 'notFound');
  await publishConversation(ctx.db, row, [userId]);
}
