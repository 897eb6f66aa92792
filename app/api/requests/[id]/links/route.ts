import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { linkRequests } from '@/lib/requests/merge';
import { linkSchema } from '@/lib/requests/schemas';

/** {relatedId}: marks another request of the project as related. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { relatedId } = await readJson(req, linkSchema);
    const other = await linkRequests(ctx, await param(ctx, 'id'), relatedId);
    return json({ message: ctx.t('requests.linked', { number: other.number }) });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);
