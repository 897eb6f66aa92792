import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { labelSchema } from '@/lib/boards/schemas';
import { createLabel } from '@/lib/boards/service';

export const POST = route<ProjectContext>(
  async (req, ctx) => json({ label: await createLabel(ctx, await param(ctx, 'id'), await readJson(req, labelSchema)) }, { status: 201 }),
  { permissions: ['BOARDS__UPDATE'] },
);
