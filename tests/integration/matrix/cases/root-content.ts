import { listFaqEntries, listHelpArticles } from '@/lib/content/admin';
import { faqEntries, helpArticles } from '@/lib/content/tables';
import type { MatrixCase, World } from '../world';

let n = 0;
const unique = () => `matrix-${Date.now().toString(36)}-${(n += 1)}`;

/** A draft of each kind, so a change or a delete touches nothing the other cases use. */
async function faqDraft(w: World) {
  const [row] = await w.db
    .insert(faqEntries)
    .values({ locale: 'en', question: `${unique()}?`, answer: 'A draft.', published: false })
    .returning({ id: faqEntries.id });
  return row.id;
}
async function helpDraft(w: World) {
  const slug = unique();
  const [row] = await w.db
    .insert(helpArticles)
    .values({ locale: 'en', topic: slug, slug, title: slug, body: 'A draft.', published: false })
    .returning({ id: helpArticles.id });
  return row.id;
}

const at = (kind: string, id: string) => ({ path: `/api/root/content/${kind}/${id}`, params: { id } });

export const cases: MatrixCase[] = [
  { file: 'root/content/faq/route.ts', method: 'GET', request: async () => ({ path: '/api/root/content/faq?locale=en' }) },
  {
    file: 'root/content/faq/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => ({ path: '/api/root/content/faq', json: { locale: 'en', question: `${unique()}?`, answer: 'Yes.' } }),
  },
  { file: 'root/content/faq/[id]/route.ts', method: 'PATCH', request: async (w) => ({ ...at('faq', await faqDraft(w)), json: { question: `${unique()}?` } }) },
  { file: 'root/content/faq/[id]/route.ts', method: 'DELETE', request: async (w) => at('faq', await faqDraft(w)) },
  // The order must name every entry of the language, so it is read when the call is built.
  {
    file: 'root/content/faq/order/route.ts',
    method: 'POST',
    request: async (w) => ({ path: '/api/root/content/faq/order', json: { locale: 'en', ids: (await listFaqEntries(w.db, 'en')).map((f) => f.id).reverse() } }),
  },
  { file: 'root/content/help/route.ts', method: 'GET', request: async () => ({ path: '/api/root/content/help?locale=en' }) },
  {
    file: 'root/content/help/route.ts',
    method: 'POST',
    ok: 201,
    request: async () => {
      const slug = unique();
      return { path: '/api/root/content/help', json: { locale: 'en', topic: slug, slug, title: slug, body: 'Body.' } };
    },
  },
  { file: 'root/content/help/[id]/route.ts', method: 'PATCH', request: async (w) => ({ ...at('help', await helpDraft(w)), json: { title: unique() } }) },
  { file: 'root/content/help/[id]/route.ts', method: 'DELETE', request: async (w) => at('help', await helpDraft(w)) },
  {
    file: 'root/content/help/order/route.ts',
    method: 'POST',
    request: async (w) => ({
      path: '/api/root/content/help/order',
      json: { locale: 'en', ids: (await listHelpArticles(w.db, 'en')).map((a) => a.id).reverse() },
    }),
  },
  { file: 'root/content/preview/route.ts', method: 'POST', request: async () => ({ path: '/api/root/content/preview', json: { markdown: '**Preview**' } }) },
];
