import { getTranslations } from '@/lib/i18n/translations';
import { Link } from '@/components/ui/Link';
import { findBlogProject } from '@/lib/blog/public';
import { getDb } from '@/lib/db/client';
import { pathFor } from '@/lib/routes/match';
import type { Locale } from '@/lib/routes/table';

/** On a project's public page: a link to its blog, shown only while the blog is on. */
export async function BlogLink({ projectKey, locale }: { projectKey: string; locale: Locale }) {
  const project = await findBlogProject(getDb(), projectKey);
  if (!project) return null;
  const t = await getTranslations('blog');
  return (
    <Link href={pathFor('blog', locale, { key: project.key })} className="mt-1 inline-block text-sm text-accent underline" data-testid="blog-link">
      {t('public.homeLink', { project: project.name })}
    </Link>
  );
}
