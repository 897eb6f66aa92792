import { bulkUpdateCards } from '@/lib/boards/bulk';
import { cardBulkSchema } from '@/lib/boards/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** `{action, cardIds, …}`: move, assign, add or remove a label, archive; all of the cards or none. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const input = await readJson(req, cardBulkSchema);
    const result = await bulkUpdateCards(ctx, await param(ctx, 'id'), input);
    return json({ ...result, message: ctx.t(`boardsBulk.${input.action}`, { count: input.cardIds.length }) });
  },
  { permissions: ['BOARDS__UPDATE'] },
);
