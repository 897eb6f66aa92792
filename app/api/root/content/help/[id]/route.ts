import { deleteContent, updateHelpArticle } from '@/lib/content/admin';
import { helpPatchSchema } from '@/lib/content/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';

export const PATCH = route(
  async (req, ctx) => {
    const article = await updateHelpArticle(ctx, await param(ctx, 'id'), await readJson(req, helpPatchSchema));
    return json({ data: article, message: ctx.t('rootContentSaved') });
  },
  { root: true },
);

export const DELETE = route(
  async (_req, ctx) => {
    await deleteContent(ctx, 'help', await param(ctx, 'id'));
    return json({ message: ctx.t('rootContentDeleted') });
  },
  { root: true },
);
