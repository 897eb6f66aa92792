import { getCustomerConversationOrThrow } from '@/lib/chats/access';
import { messagesPage, postMessage } from '@/lib/chats/http';
import { param, route } from '@/lib/http/route';

/** The customer's side of their support conversation: the same shapes as the staff routes. */
export const GET = route(async (req, ctx) => messagesPage(req, ctx, await getCustomerConversationOrThrow(ctx, await param(ctx, 'id'))));

export const POST = route(async (req, ctx) => postMessage(req, ctx, await param(ctx, 'id'), 'customer'));
