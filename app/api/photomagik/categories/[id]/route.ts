import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { deleteCategory, updateCategory } from '@/lib/photomagik/categories';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { categorySchema } from '@/lib/photomagik/schemas';

export const PUT = photomagikRoute(
  async (req, ctx) => {
    const category = await updateCategory(ctx, await param(ctx, 'id'), await readJson(req, categorySchema));
    return json({ category, message: said(ctx, 'categorySaved', { name: category.name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__UPDATE'] },
);

export const DELETE = photomagikRoute(
  async (_req, ctx) => {
    const { name } = await deleteCategory(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'categoryDeleted', { name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__DELETE'] },
);
