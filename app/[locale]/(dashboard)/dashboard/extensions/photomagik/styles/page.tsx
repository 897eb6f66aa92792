import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { StylesManager } from '@/components/photomagik/StylesManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { listCategories } from '@/lib/photomagik/categories';
import { listStyles } from '@/lib/photomagik/styles';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('photomagik');
  return { title: t('ui.stylesTitle'), robots: { index: false } };
}

export default async function PhotomagikStylesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('photomagikStyles');
  const t = await getTranslations('photomagik');
  const ctx = { db: getDb(), project: viewer.project };
  const [styles, categories] = await Promise.all([listStyles(ctx), listCategories(ctx)]);
  const may = {
    create: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CREATE'),
    update: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__UPDATE'),
    delete: can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__DELETE'),
  };
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-2xl font-bold">{t('ui.stylesTitle')}</h1>
      <p className="mb-6 text-muted">{t('ui.stylesLead')}</p>
      <TextScope namespaces={['photomagik', 'validation']}>
        <StylesManager styles={styles} categories={categories} may={may} />
      </TextScope>
    </div>
  );
}
