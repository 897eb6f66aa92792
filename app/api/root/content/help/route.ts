import { createHelpArticle, listHelpArticles } from '@/lib/content/admin';
import { contentQuerySchema, helpSchema } from '@/lib/content/schemas';
import { parseWith, readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/** Every help article of ?locale=, drafts included, in the public order. */
export const GET = route(
  async (req, ctx) => {
    const { locale } = parseWith(contentQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ data: await listHelpArticles(ctx.db, locale) });
  },
  { root: true },
);

/** A new article, last in its language's list. */
export const POST = route(
  async (req, ctx) => {
    const article = await createHelpArticle(ctx, await readJson(req, helpSchema));
    return json({ data: article, message: ctx.t('rootContentCreated') }, { status: 201 });
  },
  { root: true },
);
