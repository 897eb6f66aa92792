'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { Link } from '@/components/ui/Link';
import { useState } from 'react';
import { Newspaper } from 'lucide-react';
import { primaryButton, rowButton } from '@/components/ui/buttons';
import { EmptyState } from '@/components/ui/EmptyState';
import { postsQuery } from '@/lib/blog/queries';
import type { PostView } from '@/lib/blog/schemas';
import { formatZoned } from '@/lib/blog/zoned';
import { useLocale, useText } from '@/lib/i18n/client';
import { pathFor } from '@/lib/routes/match';
import { StatusBadge } from './StatusBadge';

// The dialog is a chunk of its own, fetched when first opened.
const NewPostDialog = dynamic(() => import('./NewPostDialog').then((m) => m.NewPostDialog), { ssr: false });

/** The project's posts, newest first, each leading to its editor. */
export function PostsManager({
  posts: initial,
  projectKey,
  timeZone,
  canCreate,
}: {
  posts: PostView[];
  projectKey: string;
  timeZone: string;
  canCreate: boolean;
}) {
  const t = useText('blog');
  const locale = useLocale();
  const { data: posts } = useQuery({ ...postsQuery(), initialData: initial });
  const [creating, setCreating] = useState(false);

  const when = (p: PostView) =>
    p.status === 'published' && p.publishedAt
      ? t('list.publishedOn', { date: formatZoned(p.publishedAt, timeZone, locale) })
      : p.status === 'scheduled' && p.publishAt
        ? t('list.scheduledFor', { date: formatZoned(p.publishAt, timeZone, locale) })
        : t('list.updatedOn', { date: formatZoned(p.updatedAt, timeZone, locale) });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        {canCreate && (
          <button type="button" className={primaryButton} onClick={() => setCreating(true)} data-testid="blog-new">
            {t('list.new')}
          </button>
        )}
        <a className="text-sm text-accent underline" href={pathFor('blog', locale, { key: projectKey })} target="_blank" rel="noopener">
          {t('list.publicLink')}
        </a>
      </div>
      {posts.length === 0 ? (
        <EmptyState icon={Newspaper} text={t('list.empty')} />
      ) : (
        <ul className="space-y-3" data-testid="blog-posts">
          {posts.map((p) => (
            <li key={p.id} className="rounded-card border border-line bg-surface p-4" data-testid="blog-row">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 text-lg font-semibold break-words">{p.title}</h2>
                <StatusBadge status={p.status} />
                <span className="rounded-full border border-line px-2 py-0.5 text-xs">{t(`language.${p.language}`)}</span>
              </div>
              <p className="mt-1 text-sm text-muted">
                {when(p)}
                {p.author && ` · ${t('list.author', { name: p.author.name })}`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Link
                  className={rowButton}
                  href={pathFor('blogPost', locale, { id: p.id })}
                  aria-label={t('list.edit', { title: p.title })}
                  data-testid="blog-edit"
                >
                  {t('editorTitle')}
                </Link>
                {p.status === 'published' && (
                  <a className={rowButton} href={pathFor('blogArticle', locale, { key: projectKey, slug: p.slug })} target="_blank" rel="noopener">
                    {t('list.view')}
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <NewPostDialog onClose={() => setCreating(false)} />}
    </div>
  );
}
