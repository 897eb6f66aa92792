import { postJson } from '@/lib/blog/feed';
import { findBlogProject, listPublished } from '@/lib/blog/public';
import { publicPostsQuerySchema } from '@/lib/blog/schemas';
import { parseWith } from '@/lib/http/body';
import { HttpError } from '@/lib/http/errors';
import { json, param, route } from '@/lib/http/route';

/** Anyone: a project's published posts (no bodies), `?language=` and `?category=` to narrow. 404 while its blog is off. */
export const GET = route(
  async (req, ctx) => {
    const project = await findBlogProject(ctx.db, await param(ctx, 'key'));
    if (!project) throw new HttpError(404, 'notFound');
    const query = parseWith(publicPostsQuerySchema, Object.fromEntries([...req.nextUrl.searchParams].filter(([, v]) => v !== '')));
    const posts = await listPublished(ctx.db, project.id, query);
    return json({ project: { key: project.key, name: project.name }, posts: posts.map((p) => postJson(project, p, false)) });
  },
  { auth: 'none' },
);
