import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { PostsManager } from '@/components/blog/PostsManager';
import { can, connectedViewer } from '@/lib/access/page';
import { projectTimeZone } from '@/lib/projects/time-zone';
import { listPosts } from '@/lib/blog/service';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('blog');
  return { title: t('postsTitle'), robots: { index: false } };
}

export default async function BlogPostsPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('blogPosts');
  const t = await getTranslations('blog');
  const [posts, timeZone] = await Promise.all([listPosts({ db: getDb(), project: viewer.project }), projectTimeZone(getDb(), viewer.project.id)]);
  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('postsTitle')}</h1>
      <TextScope namespaces={['blog', 'validation']}>
        <PostsManager posts={posts} projectKey={viewer.project.key} timeZone={timeZone} canCreate={can(viewer, 'EXTENSIONS__BLOG__POSTS__CREATE')} />
      </TextScope>
    </div>
  );
}
