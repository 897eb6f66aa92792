import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { requestPatchSchema } from '@/lib/requests/schemas';
import { deleteRequest, requestDetail, updateRequest } from '@/lib/requests/service';

export const GET = route<ProjectContext>(async (_req, ctx) => json({ data: await requestDetail(ctx, await param(ctx, 'id')) }), {
  permissions: ['REQUESTS__VIEW'],
});

/** Any of subject, type, status, priority, assigneeId, tags. */
export const PATCH = route<ProjectContext>(
  async (req, ctx) => {
    const request = await updateRequest(ctx, await param(ctx, 'id'), await readJson(req, requestPatchSchema));
    return json({ data: { request }, message: ctx.t('requests.updated', { number: request.number }) });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    const row = await deleteRequest(ctx, await param(ctx, 'id'));
    return json({ message: ctx.t('requests.deleted', { number: row.number }) });
  },
  { permissions: ['REQUESTS__DELETE'] },
);
