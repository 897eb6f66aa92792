import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ActivityChart } from '@/components/root/overview/ActivityChart';
import { PendingRequests } from '@/components/root/overview/PendingRequests';
import { StatCards } from '@/components/root/overview/StatCards';
import { rootViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { pageLocale } from '@/lib/i18n/page';
import { platformOverview } from '@/lib/root/overview';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('root');
  return { title: t('title'), robots: { index: false } };
}

export default async function RootPage({ params }: Props) {
  const locale = await pageLocale(params);
  const viewer = await rootViewer();
  const t = await getTranslations('root');
  const { timeZone } = viewer.user;
  const overview = await platformOverview(getDb(), timeZone);
  return (
    <div className="max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p className="mt-1 text-muted">{t('lead')}</p>
      </div>
      <PendingRequests pending={overview.pending} locale={locale} timeZone={timeZone} />
      <StatCards overview={overview} locale={locale} />
      <ActivityChart days={overview.activity} locale={locale} timeZone={timeZone} />
    </div>
  );
}
