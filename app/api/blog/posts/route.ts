import { blogRoute, said } from '@/lib/blog/http';
import { postSchema } from '@/lib/blog/schemas';
import { createPost, listPosts } from '@/lib/blog/service';
import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';

/** The active project's posts, newest first. */
export const GET = blogRoute(async (_req, ctx) => json({ posts: await listPosts(ctx) }), { permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'] });

export const POST = blogRoute(
  async (req, ctx) => {
    const post = await createPost(ctx, await readJson(req, postSchema));
    return json({ post, message: said(ctx, 'postCreated', { title: post.title }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS__BLOG__POSTS__CREATE'] },
);
