import { addMembers } from '@/lib/chats/channels';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { membersAddSchema } from '@/lib/chats/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** A member of a private channel adds team members. */
export const POST = route<ProjectContext>(async (req, ctx) => {
  const id = await param(ctx, 'id');
  const { userIds } = await readJson(req, membersAddSchema);
  return json({ data: { conversation: await addMembers(ctx, id, userIds) } });
}, STAFF_ACCESS);
