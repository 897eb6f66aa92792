import { and, eq } from 'drizzle-orm';
import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { MySales } from '@/components/varket/MySales';
import { connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { projectToday } from '@/lib/varket/sales';
import { varketSellers } from '@/lib/varket/tables';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('varket');
  return { title: t('mySalesTitle'), robots: { index: false } };
}

export default async function VarketMySalesPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('varketMySales');
  const t = await getTranslations('varket');
  const db = getDb();
  const [today, [seller]] = await Promise.all([
    projectToday({ db, project: viewer.project }),
    db
      .select({ id: varketSellers.id })
      .from(varketSellers)
      .where(and(eq(varketSellers.projectId, viewer.project.id), eq(varketSellers.userId, viewer.user.id))),
  ]);
  return (
    <div className="max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold">{t('mySalesTitle')}</h1>
      <TextScope namespaces={['varket', 'validation']}>
        <MySales today={today} isSeller={Boolean(seller)} />
      </TextScope>
    </div>
  );
}
