import type { Metadata } from 'next';
import { getTranslations } from '@/lib/i18n/translations';
import { QuestionEditor } from '@/components/interviews/QuestionEditor';
import { can } from '@/lib/access/page';
import { TextScope } from '@/lib/forms/text-scope';
import { pageLocale } from '@/lib/i18n/page';
import { interviewForPage } from '@/lib/interviews/page';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations('interviews');
  return { title: t('list.questions'), robots: { index: false } };
}

export default async function InterviewQuestionsPage({ params }: Props) {
  await pageLocale(params);
  const { id } = await params;
  const { viewer, interview } = await interviewForPage(id, 'interviewQuestions');
  return (
    <div className="max-w-7xl">
      <TextScope namespaces={['interviews', 'validation']}>
        <QuestionEditor interview={interview} editable={can(viewer, 'INTERVIEWS__UPDATE')} />
      </TextScope>
    </div>
  );
}
