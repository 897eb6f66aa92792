import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { InterviewsManager } from '@/components/interviews/InterviewsManager';
import { can, connectedViewer } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { interviewsQuerySchema } from '@/lib/interviews/schemas';
import { listInterviews } from '@/lib/interviews/service';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('interviews');
  return { title: t('title'), robots: { index: false } };
}

export default async function InterviewsPage({ params, searchParams }: Props) {
  await pageLocale(params);
  const viewer = await connectedViewer('interviews');
  const t = await getTranslations('interviews');
  // `?responses=new`: those with responses of the last 7 days, where the dashboard home's figure points.
  const parsed = interviewsQuerySchema.safeParse(await searchParams);
  const filter = (parsed.success && parsed.data.responses) || '';
  const interviews = await listInterviews({ db: getDb(), project: viewer.project }, filter);
  const may = { create: can(viewer, 'INTERVIEWS__CREATE'), update: can(viewer, 'INTERVIEWS__UPDATE'), delete: can(viewer, 'INTERVIEWS__DELETE') };
  return (
    <div className="max-w-5xl">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="mt-1 mb-6 text-muted">{t('lead')}</p>
      <TextScope namespaces={['interviews', 'validation']}>
        <InterviewsManager initial={{ filter, interviews }} projectKey={viewer.project.key} may={may} />
      </TextScope>
    </div>
  );
}
