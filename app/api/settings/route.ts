import { json, route, type ProjectContext } from '@/lib/http/route';
import { readSettings } from '@/lib/settings/service';

/** The active project's settings: general fields and every extension's state. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ settings: await readSettings(ctx.db, ctx.project.id) }), {
  permissions: ['SETTINGS__UPDATE'],
});
