import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { CategoriesManager } from '@/components/blog/CategoriesManager';
import { can, connectedViewer } from '@/lib/access/page';
import { listCategories } from '@/lib/blog/categories';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('blog');
  return { title: t('categoriesTitle'), robots: { index: false } };
}

export default async function BlogCategoriesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('blogCategories');
  const t = await getTranslations('blog');
  const categories = await listCategories({ db: getDb(), project: viewer.project });
  const may = {
    create: can(viewer, 'EXTENSIONS__BLOG__CATEGORIES__CREATE'),
    update: can(viewer, 'EXTENSIONS__BLOG__CATEGORIES__UPDATE'),
    delete: can(viewer, 'EXTENSIONS__BLOG__CATEGORIES__DELETE'),
  };
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('categoriesTitle')}</h1>
      <TextScope namespaces={['blog', 'validation']}>
        <CategoriesManager categories={categories} may={may} />
      </TextScope>
    </div>
  );
}
