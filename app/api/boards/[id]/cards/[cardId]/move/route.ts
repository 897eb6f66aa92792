import { moveCard } from '@/lib/boards/cards';
import { cardMoveSchema } from '@/lib/boards/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** `{columnId, afterId}`: 409 when the column's hard WIP limit is reached. */
export const POST = route<ProjectContext>(
  async (req, ctx) => json(await moveCard(ctx, await param(ctx, 'id'), await param(ctx, 'cardId'), await readJson(req, cardMoveSchema))),
  { permissions: ['BOARDS__UPDATE'] },
);
