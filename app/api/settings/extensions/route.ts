import { readJson } from '@/lib/http/body';
import { actorOf, json, route, type ProjectContext } from '@/lib/http/route';
import { extensionsSettingsSchema } from '@/lib/settings/schemas';
import { updateExtensions } from '@/lib/settings/service';

/** `{ blog?, whatsappApi?, eventLogs? }` booleans; naming varket or photomagik is refused with 403. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const settings = await updateExtensions(ctx.db, { projectId: ctx.project.id, actor: actorOf(ctx) }, await readJson(req, extensionsSettingsSchema));
    return json({ settings, message: ctx.t('settingsExtensionsSaved') });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);
