import { param, route } from '@/lib/http/route';
import { downloadResponse, projectFileOrThrow } from '@/lib/root/project-files';

/** Downloads a file attached to the project's request (kept in private storage). */
export const GET = route(
  async (_req, ctx) => {
    const file = await projectFileOrThrow(ctx.db, await param(ctx, 'id'), await param(ctx, 'fileId'));
    return downloadResponse(file);
  },
  { root: true },
);
