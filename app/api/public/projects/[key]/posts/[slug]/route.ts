import { postJson } from '@/lib/blog/feed';
import { findBlogProject, findPublished } from '@/lib/blog/public';
import { HttpError } from '@/lib/http/errors';
import { json, param, route } from '@/lib/http/route';

/** Anyone: one published post with its Markdown and sanitized HTML; `?language=` picks between translations sharing a slug. */
export const GET = route(
  async (req, ctx) => {
    const project = await findBlogProject(ctx.db, await param(ctx, 'key'));
    if (!project) throw new HttpError(404, 'notFound');
    const language = req.nextUrl.searchParams.get('language') === 'es' ? 'es' : 'en';
    const post = await findPublished(ctx.db, project.id, await param(ctx, 'slug'), language);
    if (!post) throw new HttpError(404, 'notFound');
    return json({ post: postJson(project, post, true) });
  },
  { auth: 'none' },
);
