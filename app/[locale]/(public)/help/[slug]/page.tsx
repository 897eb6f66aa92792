import type { Metadata } from 'next';
import { Link } from '@/components/ui/Link';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from '@/lib/i18n/translations';
import { HelpList } from '@/components/content/HelpList';
import { renderMarkdown } from '@/lib/content/markdown';
import { findHelp, helpTranslations, listHelp, translatedHelpSlug } from '@/lib/content/service';
import { getDb } from '@/lib/db/client';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

// Content edits revalidate this page at once on the instance that made them; other
// instances (each with its own rendered copy) pick the change up within a minute.
export const revalidate = 60;

type Props = { params: Promise<{ locale: string; slug: string }> };

export function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const locale = await pageLocale(params);
  const { slug } = await params;
  const db = getDb();
  const article = await findHelp(db, locale, slug);
  if (!article) {
    // A slug from the other language (e.g. after switching language): go to this language's version.
    const translated = await translatedHelpSlug(db, slug, locale);
    if (translated) permanentRedirect(pathFor('help', locale, { slug: translated }));
    notFound();
  }
  return { locale, article, db };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, article, db } = await load(params);
  const others = await helpTranslations(db, article.topic, locale);
  const slugs: Partial<Record<Locale, Record<string, string>>> = { [locale]: { slug: article.slug } };
  for (const o of others) slugs[o.locale] = { slug: o.slug };
  return publicMetadata('help', locale, { title: article.title, description: article.summary, params: slugs });
}

export default async function HelpArticlePage({ params }: Props) {
  const { locale, article, db } = await load(params);
  const t = await getTranslations('help');
  const more = (await listHelp(db, locale)).filter((a) => a.slug !== article.slug);
  return (
    <div className="mx-auto max-w-3xl">
      <article>
        <h1 className="text-3xl font-bold tracking-tight">{article.title}</h1>
        {article.summary && <p className="mt-2 text-lg text-muted">{article.summary}</p>}
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: renderMarkdown(article.body) }} />
      </article>
      {more.length > 0 && (
        <section className="mt-12" aria-labelledby="help-more">
          <h2 id="help-more" className="text-xl font-semibold">
            {t('articles')}
          </h2>
          <div className="mt-4">
            <HelpList locale={locale} items={more} />
          </div>
        </section>
      )}
      <p className="mt-8">
        <Link href={pathFor('faq', locale)} className="text-sm text-accent">
          ← {t('backToFaq')}
        </Link>
      </p>
    </div>
  );
}
