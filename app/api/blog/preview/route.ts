import { blogRoute } from '@/lib/blog/http';
import { previewSchema } from '@/lib/blog/schemas';
import { renderMarkdown } from '@/lib/content/markdown';
import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';

/** The editor's live preview, rendered by the same sanitizing renderer as the public page. */
export const POST = blogRoute(async (req) => json({ html: renderMarkdown((await readJson(req, previewSchema)).body) }), {
  permissions: ['EXTENSIONS__BLOG__POSTS__CREATE', 'EXTENSIONS__BLOG__POSTS__UPDATE'],
  mode: 'some',
});
