'use client';

import { useText } from '@/lib/i18n/client';
import type { Question } from '@/lib/interviews/questions';
import { QuestionInput, type Value } from './QuestionInput';

type Props = {
  /** The questions on the respondent's path so far (`pathOf`), in order. */
  path: Question[];
  answers: Record<string, Value>;
  errors: Record<string, string>;
  onChange: (id: string, value: Value) => void;
  /** One question at a time (phones): the others stay mounted but hidden. */
  stepping?: boolean;
  current?: number;
  prefix?: string;
};

/**
 * The questions as a respondent sees them: the public form and the editor's preview both
 * render this, so what staff try beside the editor is what people answer.
 */
export function QuestionFlow({ path, answers, errors, onChange, stepping = false, current = 0, prefix }: Props) {
  const t = useText('interviews');
  return (
    <>
      {stepping && path.length > 1 && (
        <p className="text-sm text-muted" aria-live="polite">
          {t('public.step', { n: current + 1, total: path.length })}
        </p>
      )}
      {path.map((q, i) => (
        <div key={q.id} hidden={stepping && i !== current}>
          <QuestionInput question={q} index={i} value={answers[q.id]} error={errors[q.id]} onChange={(v) => onChange(q.id, v)} prefix={prefix} />
        </div>
      ))}
    </>
  );
}
