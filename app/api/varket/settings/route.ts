import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { said, varketRoute } from '@/lib/varket/http';
import { settingsSchema } from '@/lib/varket/schemas';
import { getSettings, saveSettings } from '@/lib/varket/sellers';

export const GET = varketRoute(async (_req, ctx) => json({ settings: await getSettings(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__VIEW'],
});

export const PUT = varketRoute(
  async (req, ctx) => {
    const settings = await saveSettings(ctx, await readJson(req, settingsSchema));
    return json({ settings, message: said(ctx, 'settingsSaved') });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__UPDATE'] },
);
