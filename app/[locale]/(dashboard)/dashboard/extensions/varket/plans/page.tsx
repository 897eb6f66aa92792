import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { PlansManager } from '@/components/varket/PlansManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { listPlans } from '@/lib/varket/plans';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('varket');
  return { title: t('plansTitle'), robots: { index: false } };
}

export default async function VarketPlansPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('varketPlans');
  const t = await getTranslations('varket');
  const plans = await listPlans({ db: getDb(), project: viewer.project });
  const may = {
    create: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__CREATE'),
    update: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__UPDATE'),
    delete: can(viewer, 'EXTENSIONS_EXCLUSIVE__VARKET__PLANS__DELETE'),
  };
  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-2xl font-bold">{t('plansTitle')}</h1>
      <TextScope namespaces={['varket', 'validation']}>
        <PlansManager plans={plans} may={may} />
      </TextScope>
    </div>
  );
}
