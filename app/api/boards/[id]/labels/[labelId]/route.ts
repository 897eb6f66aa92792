import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { labelPatchSchema } from '@/lib/boards/schemas';
import { deleteLabel, updateLabel } from '@/lib/boards/service';

export const PATCH = route<ProjectContext>(
  async (req, ctx) => json({ label: await updateLabel(ctx, await param(ctx, 'id'), await param(ctx, 'labelId'), await readJson(req, labelPatchSchema)) }),
  { permissions: ['BOARDS__UPDATE'] },
);

export const DELETE = route<ProjectContext>(
  async (_req, ctx) => {
    const { name } = await deleteLabel(ctx, await param(ctx, 'id'), await param(ctx, 'labelId'));
    return json({ message: ctx.t('boardsLabelDeleted', { name }) });
  },
  { permissions: ['BOARDS__UPDATE'] },
);
