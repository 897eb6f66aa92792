import { readJson } from '@/lib/http/body';
import { json, param, route, type ProjectContext } from '@/lib/http/route';
import { columnSchema } from '@/lib/boards/schemas';
import { createColumn } from '@/lib/boards/service';

export const POST = route<ProjectContext>(
  async (req, ctx) => json({ column: await createColumn(ctx, await param(ctx, 'id'), await readJson(req, columnSchema)) }, { status: 201 }),
  { permissions: ['BOARDS__UPDATE'] },
);
