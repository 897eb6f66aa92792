import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { ResponsesView } from '@/components/interviews/ResponsesView';
import { can } from '@/lib/access/page';
import { getDb } from '@/lib/db/client';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { interviewForPage } from '@/lib/interviews/page';
import { listVersions } from '@/lib/interviews/service';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('interviews');
  return { title: t('list.answers'), robots: { index: false } };
}

export default async function InterviewResponsesPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const { viewer, interview } = await interviewForPage(id, 'interviewResponses');
  const versions = await listVersions({ db: getDb(), project: viewer.project }, interview.id);
  return (
    <div className="max-w-6xl">
      <TextScope namespaces={['interviews', 'validation']}>
        <ResponsesView interview={interview} versions={versions} mayDelete={can(viewer, 'INTERVIEWS__DELETE')} timeZone={viewer.user.timeZone} />
      </TextScope>
    </div>
  );
}
