import { readJson } from '@/lib/http/body';
import { json, route, type ProjectContext } from '@/lib/http/route';
import { boardCreateSchema } from '@/lib/boards/schemas';
import { createBoard, listBoards } from '@/lib/boards/service';

/** The active project's boards. */
export const GET = route<ProjectContext>(async (_req, ctx) => json({ boards: await listBoards(ctx) }), { permissions: ['BOARDS__VIEW'] });

/** `{name, template?}`: a blank board, or one starting with a template's columns and labels. */
export const POST = route<ProjectContext>(
  async (req, ctx) => {
    const board = await createBoard(ctx, await readJson(req, boardCreateSchema));
    return json({ board, message: ctx.t('boardsCreated', { name: board.name }) }, { status: 201 });
  },
  { permissions: ['BOARDS__CREATE'] },
);
