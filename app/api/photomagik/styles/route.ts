import { readJson } from '@/lib/http/body';
import { json } from '@/lib/http/route';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { styleSchema } from '@/lib/photomagik/schemas';
import { createStyle, listStyles } from '@/lib/photomagik/styles';

export const GET = photomagikRoute(async (_req, ctx) => json({ styles: await listStyles(ctx) }), {
  permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW'],
});

export const POST = photomagikRoute(
  async (req, ctx) => {
    const style = await createStyle(ctx, await readJson(req, styleSchema));
    return json({ style, message: said(ctx, 'styleCreated', { name: style.name }) }, { status: 201 });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CREATE'] },
);
