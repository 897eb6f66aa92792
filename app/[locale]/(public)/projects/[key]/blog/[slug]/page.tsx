import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { Link } from '@/components/ui/Link';
import { notFound } from 'next/navigation';
import { findBlogProject, findPublished } from '@/lib/blog/public';
import { readingMinutes } from '@/lib/blog/reading-time';
import { renderPost } from '@/lib/blog/render';
import { jsonLd, postMetadata, postStructuredData } from '@/lib/blog/seo';
import { formatZoned } from '@/lib/blog/zoned';
import { getDb } from '@/lib/db/client';
import { pageLocale } from '@/lib/i18n/page';
import { pathFor } from '@/lib/routes/match';

// Kept like the blog's list (see its page): publishing revalidates it at once.
export const revalidate = 10;

type Props = { params: Promise<{ locale: string; key: string; slug: string }> };

export function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const locale = await pageLocale(params);
  const { key, slug } = await params;
  const db = getDb();
  const project = await findBlogProject(db, key);
  const post = project && (await findPublished(db, project.id, slug, locale));
  if (!project || !post) notFound();
  return { locale, project, post };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, project, post } = await load(params);
  return postMetadata(project, post, locale);
}

export default async function PublicPostPage({ params }: Props) {
  const { locale, project, post } = await load(params);
  const t = await getTranslations('blog');
  return (
    <div className="mx-auto w-full max-w-3xl py-6">
      <article lang={post.language}>
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">{project.name}</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight break-words">{post.title}</h1>
        <p className="mt-2 text-sm text-muted">
          <time dateTime={post.publishedAt.toISOString()}>{formatZoned(post.publishedAt, project.timeZone, locale, false)}</time>
          {post.author && ` · ${t('public.by', { name: post.author })}`}
          {' · '}
          <span data-testid="blog-reading-time">{t('readingTime', { minutes: readingMinutes(post.body) })}</span>
          {post.categories.length > 0 && ` · ${post.categories.map((c) => c.name).join(', ')}`}
        </p>
        {post.coverUrl && <img src={post.coverUrl} alt={post.coverAlt} className="mt-6 w-full rounded-card object-cover" data-testid="blog-public-cover" />}
        {post.excerpt && <p className="mt-6 text-lg text-muted">{post.excerpt}</p>}
        <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: renderPost(project.id, post.body) }} />
      </article>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(postStructuredData(project, post)) }} />
      <p className="mt-10">
        <Link href={pathFor('blog', locale, { key: project.key })} className="text-sm text-accent">
          ← {t('public.back')}
        </Link>
      </p>
    </div>
  );
}
