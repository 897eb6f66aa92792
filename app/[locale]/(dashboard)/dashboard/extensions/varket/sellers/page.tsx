import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { SellersManager } from '@/components/varket/SellersManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { defaultRate, listSellers } from '@/lib/varket/sellers';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('varket');
  return { title: t('sellersTitle'), robots: { index: false } };
}

export default async function VarketSellersPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('varketSellers');
  const t = await getTranslations('varket');
  const ctx = { db: getDb(), project: viewer.project };
  const [sellers, rate] = await Promise.all([listSellers(ctx), defaultRate(ctx.db, viewer.project.id)]);
  const may = {
    create: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__CREATE'),
    update: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__UPDATE'),
    delete: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__SELLERS__DELETE'),
  };
  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('sellersTitle')}</h1>
      <TextScope namespaces={['varket', 'validation']}>
        <SellersManager sellers={sellers} defaultRate={rate} may={may} />
      </TextScope>
    </div>
  );
}
