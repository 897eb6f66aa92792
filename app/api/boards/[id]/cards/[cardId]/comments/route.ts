import { addComment } from '@/lib/boards/detail';
import { commentSchema } from '@/lib/boards/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';

export const POST = route<ProjectContext>(
  async (req, ctx) => json(await addComment(ctx, await param(ctx, 'id'), await param(ctx, 'cardId'), await readJson(req, commentSchema)), { status: 201 }),
  { permissions: ['BOARDS__UPDATE'] },
);
