import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { SalesManager } from '@/components/varket/SalesManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectToday } from '@/lib/varket/sales';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('varket');
  return { title: t('salesTitle'), robots: { index: false } };
}

export default async function VarketSalesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('varketSellersSales');
  const t = await getTranslations('varket');
  const today = await projectToday({ db: getDb(), project: viewer.project });
  return (
    <div className="max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold">{t('salesTitle')}</h1>
      <TextScope namespaces={['varket', 'validation']}>
        <SalesManager today={today} canRecord={can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS_SALES__CREATE')} />
      </TextScope>
    </div>
  );
}
