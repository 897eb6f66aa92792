import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHelp, helpTranslations, listFaq, listHelp, translatedHelpSlug } from '@/lib/content/service';
import { faqEntries, helpArticles } from '@/lib/content/tables';
import sitemap from '@/app/sitemap';
import { env } from '@/lib/env';
import { testDb } from './helpers/db';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
  await db.db.insert(faqEntries).values([
    { locale: 'en', question: 'Second?', answer: 'b', position: 2 },
    { locale: 'en', question: 'First?', answer: 'a', position: 1 },
    { locale: 'en', question: 'Hidden?', answer: 'h', position: 0, published: false },
    { locale: 'es', question: '¿Primera?', answer: 'a', position: 1 },
  ]);
  await db.db.insert(helpArticles).values([
    { topic: 'start', locale: 'en', slug: 'getting-started', title: 'Getting started', body: 'x', position: 1 },
    { topic: 'start', locale: 'es', slug: 'primeros-pasos', title: 'Primeros pasos', body: 'x', position: 1 },
    { topic: 'draft', locale: 'en', slug: 'draft', title: 'Draft', body: 'x', published: false },
  ]);
});
afterAll(async () => db.cleanup());

describe('public content', () => {
  it('lists published FAQ entries of one language in order', async () => {
    expect((await listFaq(db.db, 'en')).map((f) => f.question)).toEqual(['First?', 'Second?']);
    expect((await listFaq(db.db, 'es')).map((f) => f.question)).toEqual(['¿Primera?']);
  });

  it('finds help articles by slug in their own language only', async () => {
    expect((await findHelp(db.db, 'en', 'getting-started'))?.title).toBe('Getting started');
    expect(await findHelp(db.db, 'es', 'getting-started')).toBeNull();
    expect(await findHelp(db.db, 'en', 'draft')).toBeNull();
    expect((await listHelp(db.db, 'en')).map((a) => a.slug)).toEqual(['getting-started']);
  });

  it('links the translations of a topic', async () => {
    expect(await helpTranslations(db.db, 'start', 'en')).toEqual([{ locale: 'es', slug: 'primeros-pasos' }]);
    expect(await translatedHelpSlug(db.db, 'getting-started', 'es')).toBe('primeros-pasos');
    expect(await translatedHelpSlug(db.db, 'primeros-pasos', 'en')).toBe('getting-started');
    expect(await translatedHelpSlug(db.db, 'nothing', 'en')).toBeNull();
  });

  it('lists every public page once in the sitemap, the Spanish home at its own URL', async () => {
    const base = env().PUBLIC_URL;
    const urls = (await sitemap()).map((e) => e.url.slice(base.length));
    expect(urls.filter((u) => u === '/')).toHaveLength(1);
    expect(urls).toEqual(expect.arrayContaining(['/', '/inicio', '/faq', '/preguntas-frecuentes', '/help/getting-started', '/ayuda/primeros-pasos']));
    expect(new Set(urls).size).toBe(urls.length);
    const home = (await sitemap()).find((e) => e.url === `${base}/inicio`);
    expect(home?.alternates?.languages).toEqual({ en: `${base}/`, es: `${base}/inicio` });
  });

  it('hides an unpublished translation', async () => {
    await db.db.update(helpArticles).set({ published: false }).where(eq(helpArticles.slug, 'primeros-pasos'));
    expect(await helpTranslations(db.db, 'start', 'en')).toEqual([]);
    expect(await translatedHelpSlug(db.db, 'getting-started', 'es')).toBeNull();
  });
});
