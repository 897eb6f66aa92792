import { assignConversation } from '@/lib/chats/conversations';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { assignSchema } from '@/lib/chats/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** Support: who takes the conversation (null: nobody). */
export const POST = route<ProjectContext>(async (req, ctx) => {
  const id = await param(ctx, 'id');
  const { assigneeId } = await readJson(req, assignSchema);
  return json({ data: { conversation: await assignConversation(ctx, id, assigneeId) } });
}, STAFF_ACCESS);
