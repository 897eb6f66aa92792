import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { photomagikRoute } from '@/lib/photomagik/http';
import { orderSchema } from '@/lib/photomagik/schemas';
import { orderStyles } from '@/lib/photomagik/styles';

export const PUT = photomagikRoute(async (req, ctx) => json({ styles: await orderStyles(ctx, (await readJson(req, orderSchema)).ids) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__UPDATE'],
});
