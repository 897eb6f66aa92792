import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { whatsappConversation } from '@/lib/whatsapp/conversations';

/** A support conversation's WhatsApp side (contact, 24-hour window, statuses); `data` null when it is no WhatsApp one. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await whatsappConversation(ctx, await param(ctx, 'id')) }), {
  permissions: ['CHATS__SUPPORT'],
  extension: 'whatsappApi',
});
