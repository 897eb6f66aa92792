import { readJson } from '@/lib/http/body';
import { actorOf, json, param, route } from '@/lib/http/route';
import { textFor } from '@/lib/i18n/server-text';
import { extensionToggleSchema } from '@/lib/root/project-schemas';
import { setExclusiveExtension } from '@/lib/root/projects';

/** Switches one exclusive extension (varket, photomagik) of the project on or off. */
export const POST = route(
  async (req, ctx) => {
    const id = await param(ctx, 'id');
    const input = await readJson(req, extensionToggleSchema);
    const project = await setExclusiveExtension(ctx.db, actorOf(ctx), id, input.extension, input.enabled);
    // The extension's display name is the one the settings page shows.
    const extension = textFor(ctx.locale, 'settings')(`extensions.${input.extension}.name`);
    const message = ctx.t(input.enabled ? 'rootProjectsExtensionOn' : 'rootProjectsExtensionOff', { extension });
    return json({ data: { project }, message });
  },
  { root: true },
);
