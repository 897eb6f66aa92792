import { seerOf } from '@/lib/chats/access';
import { staffUnread } from '@/lib/chats/counts';
import { STAFF_ACCESS } from '@/lib/chats/http';
import { json, route, type ProjectContext } from '@/lib/http/route';

/** Unread messages in total and per conversation (only conversations with some are listed), as of the project's newest seq. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await staffUnread(ctx.db, seerOf(ctx)) }), STAFF_ACCESS);
