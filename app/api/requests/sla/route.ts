import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { slaSchema } from '@/lib/requests/schemas';
import { saveSlaTargets, slaTargets } from '@/lib/requests/targets';

// The settings section: who may change the project's settings sets its SLA targets.

export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: { targets: await slaTargets(ctx.db, ctx.project.id) } }), {
  permissions: ['SETTINGS__UPDATE'],
});

export const PUT = route<ProjectContext>(
  async (req, ctx) => {
    const targets = await saveSlaTargets(ctx, await readJson(req, slaSchema));
    return json({ data: { targets }, message: ctx.t('requests.slaSaved') });
  },
  { permissions: ['SETTINGS__UPDATE'] },
);
