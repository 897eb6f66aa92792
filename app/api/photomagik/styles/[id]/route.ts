import { readJson } from '@/lib/http/body';
import { json, param } from '@/lib/http/route';
import { photomagikRoute, said } from '@/lib/photomagik/http';
import { styleSchema } from '@/lib/photomagik/schemas';
import { deleteStyle, updateStyle } from '@/lib/photomagik/styles';

export const PUT = photomagikRoute(
  async (req, ctx) => {
    const style = await updateStyle(ctx, await param(ctx, 'id'), await readJson(req, styleSchema));
    return json({ style, message: said(ctx, 'styleSaved', { name: style.name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__UPDATE'] },
);

export const DELETE = photomagikRoute(
  async (_req, ctx) => {
    const { name } = await deleteStyle(ctx, await param(ctx, 'id'));
    return json({ message: said(ctx, 'styleDeleted', { name }) });
  },
  { permissions: ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__DELETE'] },
);
