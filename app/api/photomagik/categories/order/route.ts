import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { orderCategories } from '@/lib/photomagik/categories';
import { photomagikRoute } from '@/lib/photomagik/http';
import { orderSchema } from '@/lib/photomagik/schemas';

export const PUT = photomagikRoute(async (req, ctx) => json({ categories: await orderCategories(ctx, (await readJson(req, orderSchema)).ids) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__UPDATE'],
});
