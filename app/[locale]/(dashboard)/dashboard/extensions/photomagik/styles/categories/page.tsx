import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { CategoriesManager } from '@/components/photomagik/CategoriesManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { listCategories } from '@/lib/photomagik/categories';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('photomagik');
  return { title: t('ui.categoriesTitle'), robots: { index: false } };
}

export default async function PhotomagikCategoriesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('photomagikStyleCategories');
  const t = await getTranslations('photomagik');
  const categories = await listCategories({ db: getDb(), project: viewer.project });
  const may = {
    create: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__CREATE'),
    update: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__UPDATE'),
    delete: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__DELETE'),
  };
  return (
    <div className="max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('ui.categoriesTitle')}</h1>
      <TextScope namespaces={['photomagik', 'validation']}>
        <CategoriesManager categories={categories} may={may} />
      </TextScope>
    </div>
  );
}
