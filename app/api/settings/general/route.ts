import { HttpError } from '@/lib/http/errors';
import { readMultipart } from '@/lib/http/multipart';
import { actorOf, json, route, type ProjectContext } from '@/lib/http/route';
import { LOGO_MAX_BYTES, generalSettingsSchema } from '@/lib/settings/schemas';
import { updateGeneralSettings } from '@/lib/settings/service';

// The logo plus a little room for the json part and the multipart framing.
const BODY_LIMIT = LOGO_MAX_BYTES + 64 * 1024;
const limits = {
  limit: BODY_LIMIT,
  fileParts: /^logo$/,
  maxFiles: 1,
  fileBytes: LOGO_MAX_BYTES,
  fileTooLarge: () => new HttpError(413, 'settingsLogoTooLarge', { logo: 'settingsLogoTooLarge' }),
};

/** Multipart: `json` (name, currency, timeZone, language, removeLogo?) and an optional `logo` file. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { data, files } = await readMultipart(req, generalSettingsSchema, limits);
    // A form's empty file input arrives as a nameless, empty file: no logo chosen.
    const part = files.get('logo');
    const logo = part && part.size > 0 ? part : undefined;
    const settings = await updateGeneralSettings(ctx.db, { projectId: ctx.project.id, actor: actorOf(ctx) }, data, logo);
    return json({ settings, message: ctx.t('settingsSaved') });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);
