import { attachmentResponse } from '@/lib/chats/attachments';
import { attachmentOrThrow } from '@/lib/chats/messages';
import { param, route } from '@/lib/http/route';

/** An attachment, for whoever may read its conversation (staff or the support customer); checked on every download. */
export const GET = route(async (_req, ctx) => attachmentResponse(await attachmentOrThrow(ctx, await param(ctx, 'messageId'), await param(ctx, 'fileId'))));
