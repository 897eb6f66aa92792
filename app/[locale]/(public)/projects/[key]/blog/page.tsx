import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { notFound } from 'next/navigation';
import { PublicPostCard } from '@/components/blog/PublicPostCard';
import { findBlogProject, listPublished } from '@/lib/blog/public';
import { getDb } from '@/lib/db/client';
import { publicMetadata } from '@/lib/i18n/metadata';
import { pageLocale } from '@/lib/i18n/page';

// Like the FAQ: rendered once and kept; publishing revalidates it at once on this instance
// (lib/blog/invalidate.ts). Scheduled posts: see lib/blog/scheduler.ts.
export const revalidate = 10;

type Props = { params: Promise<{ locale: string; key: string }> };

export function generateStaticParams() {
  return [];
}

async function load(params: Props['params']) {
  const locale = await pageLocale(params);
  const { key } = await params;
  const project = await findBlogProject(getDb(), key);
  if (!project) notFound();
  return { locale, project };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, project } = await load(params);
  const t = await getTranslations('blog');
  const meta = publicMetadata('blog', locale, {
    title: t('public.title', { project: project.name }),
    description: t('public.description', { project: project.name }),
    params: { key: project.key },
  });
  return { ...meta, alternates: { ...meta.alternates, types: { 'application/rss+xml': `${meta.alternates?.canonical ?? ''}/rss.xml` } } };
}

export default async function PublicBlogPage({ params }: Props) {
  const { locale, project } = await load(params);
  const t = await getTranslations('blog');
  const posts = await listPublished(getDb(), project.id);
  return (
    <div className="mx-auto w-full max-w-3xl py-6">
      <p className="text-sm font-semibold tracking-wide text-accent uppercase">{project.name}</p>
      <div className="mt-1 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('public.title', { project: project.name })}</h1>
        <a href={`/projects/${encodeURIComponent(project.key)}/blog/rss.xml`} className="text-sm text-accent underline">
          {t('public.rss')}
        </a>
      </div>
      {posts.length === 0 ? (
        <p className="mt-8 text-muted">{t('public.empty')}</p>
      ) : (
        <div className="mt-8 grid gap-6">
          {posts.map((p) => (
            <PublicPostCard key={`${p.language}-${p.slug}`} post={p} projectKey={project.key} timeZone={project.timeZone} locale={locale} />
          ))}
        </div>
      )}
    </div>
  );
}
