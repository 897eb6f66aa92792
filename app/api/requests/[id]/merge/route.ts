import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { mergeRequest } from '@/lib/requests/merge';
import { mergeSchema } from '@/lib/requests/schemas';

/** {targetId}: this request is a duplicate of the target, which takes its thread. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { targetId } = await readJson(req, mergeSchema);
    const request = await mergeRequest(ctx, await param(ctx, 'id'), targetId);
    return json({ data: { request }, message: ctx.t('requests.merged', { number: request.number }) });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);
