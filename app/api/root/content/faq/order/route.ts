import { listFaqEntries, orderContent } from '@/lib/content/admin';
import { contentOrderSchema } from '@/lib/content/schemas';
import { readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/** Puts a language's FAQ entries in the order given; every entry of that language must be named once. */
export const POST = route(
  async (req, ctx) => {
    const order = await readJson(req, contentOrderSchema);
    await orderContent(ctx, 'faq', order);
    return json({ data: await listFaqEntries(ctx.db, order.locale), message: ctx.t('rootContentOrdered') });
  },
  { root: true },
);
