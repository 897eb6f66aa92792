'use client';

import { useMemo, useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { useText } from '@/lib/i18n/client';
import { pathOf, type Answers } from '@/lib/interviews/answers';
import type { Question } from '@/lib/interviews/questions';
import { QuestionFlow } from './QuestionFlow';
import type { Value } from './QuestionInput';

/** The editor's working list as the public form would show it: blank option lines and untitled questions made readable. */
export function previewable(questions: readonly Question[], untitled: string): Question[] {
  return questions.map((q) => ({
    ...q,
    title: q.title.trim() || untitled,
    ...('options' in q ? { options: [...new Set(q.options.map((o) => o.trim()).filter(Boolean))] } : {}),
  }));
}

const NO_ERRORS: Record<string, string> = {};

/**
 * The respondent's view of the questions being edited, unsaved changes included. Answers
 * here walk the skip rules as they stand; they live in this component only and there is no
 * form around them, so nothing is ever sent.
 */
export function QuestionPreview({ questions }: { questions: Question[] }) {
  const t = useText('interviews');
  const [answers, setAnswers] = useState<Record<string, Value>>({});
  const shown = useMemo(() => previewable(questions, t('preview.untitled')), [questions, t]);
  const path = useMemo(() => pathOf(shown, answers as Answers), [shown, answers]);
  const skipped = shown.length - path.length;

  return (
    <div className="space-y-4" data-testid="interview-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite" data-testid="preview-path">
          {t('preview.path', { count: path.length, skipped })}
        </p>
        <button type="button" className={secondaryButton} onClick={() => setAnswers({})} disabled={Object.keys(answers).length === 0}>
          {t('preview.restart')}
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted">{t('preview.empty')}</p>
      ) : (
        <QuestionFlow path={path} answers={answers} errors={NO_ERRORS} onChange={(id, value) => setAnswers((a) => ({ ...a, [id]: value }))} prefix="preview" />
      )}
      {shown.length > 0 && <p className="border-t border-line pt-3 text-sm text-muted">{t('preview.end')}</p>}
    </div>
  );
}
