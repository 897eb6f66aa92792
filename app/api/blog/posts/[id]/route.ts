import { blogRoute, said } from '@/lib/blog/http';
import { postPatchSchema } from '@/lib/blog/schemas';
import { deletePost, getPostOrThrow, updatePost } from '@/lib/blog/service';
import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';

export const GET = blogRoute(async (_req, ctx) => json({ post: await getPostOrThrow(ctx, await param(ctx, 'id')) }), {
  permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'],
});

/** The whole post as edited, with the `version` it was loaded at: a newer one is a 409. */
export const PUT = blogRoute(
  async (req, ctx) => {
    const post = await updatePost(ctx, await param(ctx, 'id'), await readJson(req, postPatchSchema));
    return json({ post, message: said(ctx, 'postSaved', { title: post.title }) });
  },
  { permissions: ['EXTENSIONS__BLOG__POSTS__UPDATE'] },
);

export const DELETE = blogRoute(
  async (_req, ctx) => {
    const { title } = await deletePost(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'postDeleted', { title }) });
  },
  { permissions: ['EXTENSIONS__BLOG__POSTS__DELETE'] },
);
