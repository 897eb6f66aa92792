import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { getSettings, saveSettings } from '@/lib/whatsapp/accounts';
import { credentialsSchema } from '@/lib/whatsapp/schemas';

const ACCESS = { permissions: ['EXTENSIONS__WHATSAPP_API'], extension: 'whatsappApi' } as const;

/** The Cloud API credentials: ids in the clear, secrets as set or not. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ settings: await getSettings(ctx) }), ACCESS);

/** New ids, and each secret that is given (an empty one keeps the stored one). */
export const PUT = route<ProjectContext>(async (req, ctx) => {
  const settings = await saveSettings(ctx, await readJson(req, credentialsSchema));
  return json({ settings, message: ctx.t('whatsapp.saved') });
}, ACCESS);
