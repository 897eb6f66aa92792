import { createFaqEntry, listFaqEntries } from '@/lib/content/admin';
import { contentQuerySchema, faqSchema } from '@/lib/content/schemas';
import { parseWith, readJson } from '@/lib/http/body';
import { json, route } from '@/lib/http/route';

/** Every FAQ entry of ?locale=, drafts included, in the public order. */
export const GET = route(
  async (req, ctx) => {
    const { locale } = parseWith(contentQuerySchema, Object.fromEntries(req.nextUrl.searchParams));
    return json({ data: await listFaqEntries(ctx.db, locale) });
  },
  { root: true },
);

/** A new entry, last in its language's list. */
export const POST = route(
  async (req, ctx) => {
    const entry = await createFaqEntry(ctx, await readJson(req, faqSchema));
    return json({ data: entry, message: ctx.t('rootContentCreated') }, { status: 201 });
  },
  { root: true },
);
