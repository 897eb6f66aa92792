import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { columnPatchSchema } from '@/lib/boards/schemas';
import { updateColumn } from '@/lib/boards/service';

/** Rename, WIP limit, archive/restore, or a move after `afterId`. */
export const PATCH = route<ProjectContext>(
  async (req, ctx) => json({ column: await updateColumn(ctx, await param(ctx, 'id'), await param(ctx, 'columnId'), await readJson(req, columnPatchSchema)) }),
  { permissions: ['BOARDS__UPDATE'] },
);
