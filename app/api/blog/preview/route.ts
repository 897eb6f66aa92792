import { blogRoute } from '@/lib/blog/http';
import { renderPost } from '@/lib/blog/render';
import { previewSchema } from '@/lib/blog/schemas';
import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';

/** The editor's live preview, rendered by the same sanitizing renderer as the public page. */
export const POST = blogRoute(async (req, ctx) => json({ html: renderPost(ctx.project.id, (await readJson(req, previewSchema)).body) }), {
  permissions: ['EXTENSIONS__BLOG__POSTS__CREATE', 'EXTENSIONS__BLOG__POSTS__UPDATE'],
  mode: 'some',
});
