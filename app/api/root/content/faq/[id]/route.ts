import { deleteContent, updateFaqEntry } from '@/lib/content/admin';
import { faqPatchSchema } from '@/lib/content/schemas';
import { readJson } from '@/lib/http/body';
import { json, param, route } from '@/lib/http/route';

export const PATCH = route(
  async (req, ctx) => {
    const entry = await updateFaqEntry(ctx, await param(ctx, 'id'), await readJson(req, faqPatchSchema));
    return json({ data: entry, message: ctx.t('rootContentSaved') });
  },
  { root: true },
);

export const DELETE = route(
  async (_req, ctx) => {
    await deleteContent(ctx, 'faq', await param(ctx, 'id'));
    return json({ message: ctx.t('rootContentDeleted') });
  },
  { root: true },
);
