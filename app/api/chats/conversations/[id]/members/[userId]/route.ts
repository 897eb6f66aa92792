import { removeMember } from '@/lib/chats/channels';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** Leaving a private channel, or its creator removing someone. */
export const DELETE = route<ProjectContext>(async (_req, ctx) => {
  const userId = await param(ctx, 'userId');
  await removeMember(ctx, await param(ctx, 'id'), userId);
  return json({ data: { userId: userId.toLowerCase() } });
}, STAFF_ACCESS);
