import { createCard } from '@/lib/boards/cards';
import { cardSchema } from '@/lib/boards/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

/** A new card at the end of `columnId`; `wipExceeded` when a soft limit is now passed. */
export const POST = route<ProjectContext>(
  async (req, ctx) => json(await createCard(ctx, await param(ctx, 'id'), await readJson(req, cardSchema)), { status: 201 }),
  { permissions: ['BOARDS__UPDATE'] },
);
