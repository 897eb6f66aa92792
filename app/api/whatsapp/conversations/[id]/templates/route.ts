import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { conversationTemplates, sendTemplate } from '@/lib/whatsapp/conversations';
import { templateSendSchema } from '@/lib/whatsapp/schemas';

const ACCESS = { permissions: ['CHATS__SUPPORT'], extension: 'whatsappApi' } as const;

/** The approved templates, fetched from the Graph API. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: { templates: await conversationTemplates(ctx, await param(ctx, 'id')) } }), ACCESS);

/** Sends one of them (the only way to write once the 24-hour window has closed). */
export const POST = route<ProjectContext>(async (req, ctx) => {
  const message = await sendTemplate(ctx, await param(ctx, 'id'), await readJson(req, templateSendSchema));
  return json({ data: { message } }, { status: 201 });
}, ACCESS);
