import { readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { invoiceSettingsSchema } from '@/lib/invoices/schemas';
import { loadSettings, saveSettings, settingsView } from '@/lib/invoices/settings';

/** Root's invoicing settings: bank instructions and the crypto processor (secrets as "set" flags only). */
export const GET = route(async (_req, ctx) => json({ settings: settingsView(await loadSettings(ctx.db)) }), { root: true });

export const PUT = route(
  async (req, ctx) => json({ settings: await saveSettings(ctx, await readJson(req, invoiceSettingsSchema)), message: ctx.t('invoicesSettingsSaved') }),
  { root: true },
);
