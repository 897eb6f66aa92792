import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { PostEditor } from '@/components/blog/PostEditor';
import { can } from '@/lib/access/page';
import { listCategories } from '@/lib/blog/categories';
import { postForPage } from '@/lib/blog/page';
import { projectTimeZone } from '@/lib/projects/time-zone';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('blog');
  return { title: t('editorTitle'), robots: { index: false } };
}

export default async function BlogPostPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const { viewer, post } = await postForPage(id);
  const t = await getTranslations('blog');
  const [categories, timeZone] = await Promise.all([listCategories({ db: getDb(), project: viewer.project }), projectTimeZone(getDb(), viewer.project.id)]);
  const may = { update: can(viewer, 'EXTENSIONS__BLOG__POSTS__UPDATE'), delete: can(viewer, 'EXTENSIONS__BLOG__POSTS__DELETE') };
  return (
    <div className="max-w-6xl">
      <h1 className="mb-4 text-2xl font-bold break-words">{post.title || t('editorTitle')}</h1>
      <TextScope namespaces={['blog', 'validation']}>
        <PostEditor post={post} categories={categories} timeZone={timeZone} may={may} />
      </TextScope>
    </div>
  );
}
