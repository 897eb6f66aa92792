import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { notFound } from 'next/navigation';
import { DayScreen } from '@/components/eventlogs/DayScreen';
import { connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { isDate } from '@/lib/eventlogs/dates';
import { dayDetail } from '@/lib/eventlogs/service';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string; date: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('eventLogs');
  const { date } = await params;
  return { title: `${t('title')} · ${date}`, robots: { index: false } };
}

export default async function AccessChartsDayPage({ params }: Props) {
  await pageLocale(params);
  const { date } = await params;
  const viewer = await connectedViewer('accessChartsDate');
  // Not a real YYYY-MM-DD: the same 404 as the API.
  if (!isDate(date)) notFound();
  const initial = await dayDetail({ db: getDb(), project: viewer.project }, date);
  return (
    <div className="max-w-6xl">
      <TextScope namespaces={['eventLogs', 'validation']}>
        <DayScreen initial={initial} />
      </TextScope>
    </div>
  );
}
