import { getConversationOrThrow } from '@/lib/chats/access';
import { STAFF_ACCESS, messagesPage, postMessage } from '@/lib/chats/http';
import { param, route, type ProjectContext } from '@/lib/http/route';

/** ?before=<seq> (older page), ?after=<seq> (catch-up) or neither (newest page); &limit (≤ 100). */
export const GET = route<ProjectContext>(async (req, ctx) => messagesPage(req, ctx, await getConversationOrThrow(ctx, await param(ctx, 'id'))), STAFF_ACCESS);

/** Multipart: `json` {body} and files file_0 … file_4. */
export const POST = route<ProjectContext>(async (req, ctx) => postMessage(req, ctx, await param(ctx, 'id'), 'staff'), STAFF_ACCESS);
