import { deleteCategory, updateCategory } from '@/lib/blog/categories';
import { blogRoute, said } from '@/lib/blog/http';
import { categorySchema } from '@/lib/blog/schemas';
import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';

export const PUT = blogRoute(
  async (req, ctx) => {
    const category = await updateCategory(ctx, await param(ctx, 'id'), await readJson(req, categorySchema));
    return json({ category, message: said(ctx, 'categorySaved', { name: category.name }) });
  },
  { permissions: ['EXTENSIONS__BLOG__CATEGORIES__UPDATE'] },
);

export const DELETE = blogRoute(
  async (_req, ctx) => {
    const { name } = await deleteCategory(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'categoryDeleted', { name }) });
  },
  { permissions: ['EXTENSIONS__BLOG__CATEGORIES__DELETE'] },
);
