import { listHelpArticles, orderContent } from '@/lib/content/admin';
import { contentOrderSchema } from '@/lib/content/schemas';
import { readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/** Puts a language's help articles in the order given; every article of that language must be named once. */
export const POST = route(
  async (req, ctx) => {
    const order = await readJson(req, contentOrderSchema);
    await orderContent(ctx, 'help', order);
    return json({ data: await listHelpArticles(ctx.db, order.locale), message: ctx.t('rootContentOrdered') });
  },
  { root: true },
);
