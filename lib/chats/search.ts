import { and, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { ProjectContext } from '../http/route';
import { seerOf, staffVisible } from './access';
import { containsPattern } from '../db/like';
import type { SearchQuery } from './schemas';
import { chatConversations, chatMessages } from './tables';
import type { ConversationView, MessageView } from './types';
import { conversationViews, messageView, selectMessages } from './views';

export type SearchResult = { message: MessageView; conversation: ConversationView };

/**
 * Messages of the active project whose text contains `q` (any case; `%` and `_` are plain
 * characters), only in conversations the viewer may see, newest first.
 */
export async function searchMessages(ctx: ProjectContext, query: SearchQuery): Promise<SearchResult[]> {
  const me = ctx.viewer.user.id;
  const visible = staffVisible(seerOf(ctx));
  if (!visible) return [];
  const rows = await selectMessages(ctx.db)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(visible, eq(chatMessages.projectId, ctx.project.id), isNull(chatMessages.deletedAt), ilike(chatMessages.body, containsPattern(query.q))))
    .orderBy(desc(chatMessages.seq))
    .limit(query.limit);
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.message.conversationId))];
  const conversations = await ctx.db.select().from(chatConversations).where(inArray(chatConversations.id, ids));
  const views = new Map((await conversationViews(ctx.db, me, conversations)).map((v) => [v.id, v]));
  return rows.map((r) => ({ message: messageView(r), conversation: views.get(r.message.conversationId)! }));
}
