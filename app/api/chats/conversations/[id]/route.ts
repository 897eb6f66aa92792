import { getConversationDetail, updateConversation } from '@/lib/chats/conversations';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { conversationPatchSchema } from '@/lib/chats/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await getConversationDetail(ctx, await param(ctx, 'id')) }), STAFF_ACCESS);

/** Channels: name and topic. Support: status. */
export const PATCH = route<ProjectContext>(async (req, ctx) => {
  const id = await param(ctx, 'id');
  const conversation = await updateConversation(ctx, id, await readJson(req, conversationPatchSchema));
  return json({ data: { conversation } });
}, STAFF_ACCESS);
