import { createCategory, listCategories } from '@/lib/blog/categories';
import { blogRoute, said } from '@/lib/blog/http';
import { categorySchema } from '@/lib/blog/schemas';
import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';

// Post editors read the categories too, to pick a post's.
export const GET = blogRoute(async (_req, ctx) => json({ categories: await listCategories(ctx) }), {
  permissions: ['EXTENSIONS__BLOG__CATEGORIES__VIEW', 'EXTENSIONS__BLOG__POSTS__VIEW'],
  mode: 'some',
});

export const POST = blogRoute(
  async (req, ctx) => {
    const category = await createCategory(ctx, await readJson(req, categorySchema));
    return json({ category, message: said(ctx, 'categoryCreated', { name: category.name }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS__BLOG__CATEGORIES__CREATE'] },
);
