import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { AccessCharts } from '@/components/eventlogs/AccessCharts';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { accessCharts } from '@/lib/eventlogs/service';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('eventLogs');
  return { title: t('title'), robots: { index: false } };
}

export default async function AccessChartsPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('accessCharts');
  const t = await getTranslations('eventLogs');
  const initial = await accessCharts({ db: getDb(), project: viewer.project }, { days: 30 });
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['eventLogs', 'validation']}>
        <AccessCharts initial={initial} mayEditRetention={can(viewer, 'SETTINGS__UPDATE')} />
      </TextScope>
    </div>
  );
}
