import { getConversationOrThrow } from '@/lib/chats/access';
import { STAFF_ACCESS, postRead } from '@/lib/chats/http';
import { param, route, type ProjectContext } from '@/lib/http/route';

/** {seq}: read up to there (the mark never moves back). */
export const POST = route<ProjectContext>(async (req, ctx) => postRead(req, ctx, await getConversationOrThrow(ctx, await param(ctx, 'id'))), STAFF_ACCESS);
