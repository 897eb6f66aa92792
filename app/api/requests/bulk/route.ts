import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { bulkUpdate } from '@/lib/requests/bulk';
import { bulkSchema } from '@/lib/requests/schemas';

/** {ids, action: assign|status|close, assigneeId?, status?}: one change to requests of the list, all or nothing. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const { count } = await bulkUpdate(ctx, await readJson(req, bulkSchema));
    return json({ data: { count }, message: ctx.t('requests.bulkDone', { count }) });
  },
  { permissions: ['REQUESTS__UPDATE'] },
);
