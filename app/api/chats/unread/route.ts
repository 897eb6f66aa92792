import { seerOf, staffVisible } from '@/lib/chats/access';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { unreadCounts } from '@/lib/chats/reads';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** Unread messages in total and per conversation (only conversations with some are listed), as of the project's newest seq. */
export const GET = route<ProjectContext>(async (_req, ctx) => {
  const visible = staffVisible(seerOf(ctx));
  return json({ data: visible ? await unreadCounts(ctx.db, ctx.viewer.user.id, visible, ctx.project.id) : { total: 0, conversations: {}, asOf: 0 } });
}, STAFF_ACCESS);
