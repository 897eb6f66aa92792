import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { KeyPanel } from '@/components/photomagik/KeyPanel';
import { Overview } from '@/components/photomagik/Overview';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { keyStatus } from '@/lib/photomagik/keys';
import { overview } from '@/lib/photomagik/overview';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('photomagik');
  return { title: t('ui.overviewTitle'), robots: { index: false } };
}

export default async function PhotomagikOverviewPage({ params }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('photomagikOverview');
  const t = await getTranslations('photomagik');
  const ctx = { db: getDb(), project: viewer.project };
  const [data, key] = await Promise.all([overview(ctx), keyStatus(ctx)]);
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">{t('ui.overviewTitle')}</h1>
      <TextScope namespaces={['photomagik', 'validation']}>
        <Overview initial={data} />
        <KeyPanel
          initial={key}
          projectKey={viewer.project.key}
          timeZone={data.timeZone}
          mayCreate={can(viewer, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE')}
        />
      </TextScope>
    </div>
  );
}
