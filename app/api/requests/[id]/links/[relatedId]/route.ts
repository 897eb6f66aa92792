import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { unlinkRequests } from '@/lib/requests/merge';

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    await unlinkRequests(ctx, await param(ctx, 'id'), await param(ctx, 'relatedId'));
    return json({ message: ctx.t('requests.unlinked') });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);
