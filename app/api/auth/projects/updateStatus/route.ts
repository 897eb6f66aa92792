import { readJson } from '@/lib/http/body';
import { actorOf, json, route } from '@/lib/http/route';
import { updateStatusSchema } from '@/lib/projects/schemas';
import { updateProjectStatus } from '@/lib/projects/status';

/** Root enables or disables a project (SPEC.md section 7). */
export const POST = route(
  async (req, ctx) => {
    const input = await readJson(req, updateStatusSchema);
    const project = await updateProjectStatus(ctx.db, actorOf(ctx), input.projectId, input.status);
    return json({ data: { project }, message: ctx.t('saved') });
  },
  { root: true },
);
