import { getCustomerConversationOrThrow } from '@/lib/chats/access';
import { postRead } from '@/lib/chats/http';
import { param, route } from '@/lib/http/route';

export const POST = route(async (req, ctx) => postRead(req, ctx, await getCustomerConversationOrThrow(ctx, await param(ctx, 'id'))));
