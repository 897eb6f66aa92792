import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Locale } from '../routes/table';
import { faqEntries, helpArticles } from './tables';

export function listFaq(db: Db, locale: Locale) {
  return db
    .select({ id: faqEntries.id, question: faqEntries.question, answer: faqEntries.answer })
    .from(faqEntries)
    .where(and(eq(faqEntries.locale, locale), eq(faqEntries.published, true)))
    .orderBy(asc(faqEntries.position), asc(faqEntries.createdAt));
}

export function listHelp(db: Db, locale: Locale) {
  return db
    .select({ topic: helpArticles.topic, slug: helpArticles.slug, title: helpArticles.title, summary: helpArticles.summary, updatedAt: helpArticles.updatedAt })
    .from(helpArticles)
    .where(and(eq(helpArticles.locale, locale), eq(helpArticles.published, true)))
    .orderBy(asc(helpArticles.position), asc(helpArticles.title));
}

export async function findHelp(db: Db, locale: Locale, slug: string) {
  const [row] = await db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.locale, locale), eq(helpArticles.slug, slug), eq(helpArticles.published, true)))
    .limit(1);
  return row ?? null;
}

/** The published translations of a topic other than `locale`'s, by language. */
export async function helpTranslations(db: Db, topic: string, locale: Locale) {
  const rows = await db
    .select({ locale: helpArticles.locale, slug: helpArticles.slug })
    .from(helpArticles)
    .where(and(eq(helpArticles.topic, topic), ne(helpArticles.locale, locale), eq(helpArticles.published, true)));
  return rows as { locale: Locale; slug: string }[];
}

/** A slug written in another language: the same topic's slug in `locale`, if published. */
export async function translatedHelpSlug(db: Db, slug: string, locale: Locale): Promise<string | null> {
  const [source] = await db
    .select({ topic: helpArticles.topic })
    .from(helpArticles)
    .where(and(eq(helpArticles.slug, slug), ne(helpArticles.locale, locale), eq(helpArticles.published, true)))
    .limit(1);
  if (!source) return null;
  const [target] = await db
    .select({ slug: helpArticles.slug })
    .from(helpArticles)
    .where(and(eq(helpArticles.topic, source.topic), eq(helpArticles.locale, locale), eq(helpArticles.published, true)))
    .limit(1);
  return target?.slug ?? null;
}
