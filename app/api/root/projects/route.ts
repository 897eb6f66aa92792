import { parseWith } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';
import { projectListQuerySchema, queryObject } from '@/lib/root/project-schemas';
import { listProjects } from '@/lib/root/projects';

/** One page of the platform's projects: ?q, status, sort, dir, page, size. */
export const GET = route(
  async (req, ctx) => {
    const query = parseWith(projectListQuerySchema, queryObject(req.nextUrl.searchParams));
    return json({ data: await listProjects(ctx.db, query) });
  },
  { root: true },
);
