import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { boardSchema } from '@/lib/boards/schemas';
import { deleteBoard, getBoardView, renameBoard } from '@/lib/boards/service';

/** The board with its columns, labels, members and open cards; `?archived=1`: its archived cards instead. */
export const GET = route<ProjectContext>(
  async (req, ctx) => json({ board: await getBoardView(ctx, await param(ctx, 'id'), { archived: req.nextUrl.searchParams.get('archived') === '1' }) }),
  { permissions: ['BOARDS__VIEW'] },
);

export const PATCH = route<ProjectContext>(
  async (req, ctx) => {
    const board = await renameBoard(ctx, await param(ctx, 'id'), await readJson(req, boardSchema));
    return json({ board, message: ctx.t('boardsRenamed', { name: board.name }) });
  },
  { permissions: ['BOARDS__UPDATE'] },
);

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    const { name } = await deleteBoard(ctx, await param(ctx, 'id'));
    return json({ message: ctx.t('boardsDeleted', { name }) });
  },
  { permissions: ['BOARDS__DELETE'] },
);
