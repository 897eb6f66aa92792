import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { createCategory, listCategories } from '@/lib/photomagik/categories';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { categorySchema } from '@/lib/photomagik/schemas';

// Style editors read the categories too, to pick a style's.
export const GET = photomagikRoute(async (_req, ctx) => json({ categories: await listCategories(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__VIEW', 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW'],
  mode: 'some',
});

export const POST = photomagikRoute(
  async (req, ctx) => {
    const category = await createCategory(ctx, await readJson(req, categorySchema));
    return json({ category, message: said(ctx, 'categoryCreated', { name: category.name }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__CREATE'] },
);
