import { updateCard } from '@/lib/boards/cards';
import { getCardDetail } from '@/lib/boards/detail';
import { cardPatchSchema } from '@/lib/boards/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

export const GET = route<ProjectContext>(async (_req, ctx) => json({ card: await getCardDetail(ctx, await param(ctx, 'id'), await param(ctx, 'cardId')) }), {
  permissions: ['BOARDS__VIEW'],
});

/** Title, description, assignees, labels, due day, checklist, archived: whichever are present. */
export const PATCH = route<ProjectContext>(
  async (req, ctx) => json(await updateCard(ctx, await param(ctx, 'id'), await param(ctx, 'cardId'), await readJson(req, cardPatchSchema))),
  { permissions: ['BOARDS__UPDATE'] },
);
