import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { RequestsList } from '@/components/requests/RequestsList';
import { can, connectedViewer } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ view?: string | string[]; status?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('requests');
  return { title: t('title'), robots: { index: false } };
}

export default async function RequestsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('requests');
  const t = await getTranslations('requests');
  // `?view=mine&status=unsolved` / `?view=breached`: the dashboard home's figures link to a filtered list.
  const { view, status } = await searchParams;
  const mayUpdate = can(viewer, 'REQUESTS__UPDATE');
  const linked = { view: typeof view === 'string' ? view : undefined, status: typeof status === 'string' ? status : undefined };
  return (
    <div className="max-w-6xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['requests', 'validation', 'errors']}>
        <RequestsList mayCreate={can(viewer, 'REQUESTS__CREATE')} mayUpdate={mayUpdate} linked={linked} />
      </TextScope>
    </div>
  );
}
