'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import { rowButton } from '@/components/ui/buttons';
import { Select } from '@/components/ui/Select';
import { selectClass } from '@/lib/forms/fields';
import { useText } from '@/lib/i18n/client';
import { OPTIONS_MAX, QUESTION_HELP_MAX, QUESTION_TITLE_MAX, SKIP_RULES_MAX } from '@/lib/interviews/limits';
import { END, QUESTION_TYPES, isChoice, skipValues, type Question, type QuestionType } from '@/lib/interviews/questions';

type Props = {
  question: Question;
  index: number;
  later: Question[];
  errors: Record<string, string>;
  editable: boolean;
  onChange: (q: Question) => void;
  onRemove: () => void;
  onMove: (delta: -1 | 1) => void;
  count: number;
};

/** A question changed to another type keeps what both share, and gets the new type's defaults. */
export function retype(q: Question, type: QuestionType): Question {
  const base = { id: q.id, title: q.title, help: q.help, required: q.required, skip: [] };
  if (type === 'single' || type === 'multiple' || type === 'dropdown') return { ...base, type, options: isChoice(q) ? q.options : ['', ''] };
  if (type === 'number') return { ...base, type, min: null, max: null };
  return { ...base, type } as Question;
}

/** One question in the editor: a drag handle (space lifts it for the keyboard), its fields and skip rules. */
export function QuestionCard({ question: q, index, later, errors, editable, onChange, onRemove, onMove, count }: Props) {
  const t = useText('interviews');
  const ids = useId();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: q.id, disabled: !editable });
  const err = (field: string) => errors[field];
  const set = (patch: Partial<Question>) => onChange({ ...q, ...patch } as Question);
  const values = skipValues(q);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`rounded-card border border-line bg-surface p-4 ${isDragging ? 'opacity-60 shadow-overlay' : ''}`}
      data-testid="question-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        {editable && (
          <button
            type="button"
            className={`${rowButton} cursor-grab touch-none`}
            aria-label={t('editor.drag', { n: index + 1 })}
            {...attributes}
            {...listeners}
            data-testid="question-handle"
          >
            ⠿
          </button>
        )}
        <span className="font-semibold">{index + 1}.</span>
        <div className="min-w-40 flex-1">
          <Select
            aria-label={t('editor.type')}
            value={q.type}
            disabled={!editable}
            onChange={(v) => onChange(retype(q, v as QuestionType))}
            options={QUESTION_TYPES.map((ty) => ({ value: ty, label: t(`types.${ty}`) }))}
            testId="question-type"
          />
        </div>
        {editable && (
          <>
            <button type="button" className={rowButton} onClick={() => onMove(-1)} disabled={index === 0}>
              {t('editor.moveUp')}
            </button>
            <button type="button" className={rowButton} onClick={() => onMove(1)} disabled={index === count - 1}>
              {t('editor.moveDown')}
            </button>
            <button type="button" className={rowButton} onClick={onRemove}>
              {t('editor.remove')}
            </button>
          </>
        )}
      </div>
      <fieldset disabled={!editable} className="mt-3 grid gap-3">
        <label className="text-sm font-medium" htmlFor={`${ids}-title`}>
          {t('editor.question')}
        </label>
        <input
          id={`${ids}-title`}
          className={selectClass}
          maxLength={QUESTION_TITLE_MAX}
          value={q.title}
          onChange={(e) => set({ title: e.target.value })}
          aria-invalid={err('title') ? true : undefined}
          data-testid="question-title"
        />
        {err('title') && <p className="text-sm text-red-700 dark:text-red-400">{err('title')}</p>}
        <label className="text-sm font-medium" htmlFor={`${ids}-help`}>
          {t('editor.help')}
        </label>
        <textarea
          id={`${ids}-help`}
          rows={2}
          className={selectClass}
          maxLength={QUESTION_HELP_MAX}
          value={q.help}
          onChange={(e) => set({ help: e.target.value })}
        />
        {isChoice(q) && (
          <>
            <label className="text-sm font-medium" htmlFor={`${ids}-options`}>
              {t('editor.options')}
            </label>
            <textarea
              id={`${ids}-options`}
              rows={Math.min(8, q.options.length + 1)}
              className={selectClass}
              value={q.options.join('\n')}
              onChange={(e) => set({ options: e.target.value.split('\n').slice(0, OPTIONS_MAX) })}
              aria-invalid={err('options') ? true : undefined}
              data-testid="question-options"
            />
            {err('options') && <p className="text-sm text-red-700 dark:text-red-400">{err('options')}</p>}
          </>
        )}
        {q.type === 'number' && (
          <div className="grid grid-cols-2 gap-3">
            {(['min', 'max'] as const).map((k) => (
              <label key={k} className="text-sm font-medium">
                {t(`editor.${k}`)}
                <input
                  type="number"
                  step={1}
                  className={`${selectClass} mt-1`}
                  value={q[k] ?? ''}
                  onChange={(e) => set({ [k]: e.target.value === '' ? null : Math.trunc(Number(e.target.value)) })}
                />
                {err(k) && <span className="block text-sm text-red-700 dark:text-red-400">{err(k)}</span>}
              </label>
            ))}
          </div>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-5 accent-accent" checked={q.required} onChange={(e) => set({ required: e.target.checked })} />
          {t('editor.required')}
        </label>
        {values.length > 0 && (
          <div className="space-y-2">
            <p className="text-sm font-medium">{t('editor.skip')}</p>
            {q.skip.map((rule, r) => (
              <div key={r} className="flex flex-wrap items-center gap-2 text-sm" data-testid="skip-rule">
                <span>{t('editor.skipWhen')}</span>
                <Select
                  compact
                  className="w-36"
                  aria-label={t('editor.skipWhen')}
                  value={rule.equals}
                  onChange={(v) => set({ skip: q.skip.map((x, j) => (j === r ? { ...x, equals: v } : x)) })}
                  options={values.filter(Boolean).map((v) => ({ value: v, label: v }))}
                />
                <span>{t('editor.skipGoto')}</span>
                <Select
                  compact
                  className="w-48"
                  aria-label={t('editor.skipGoto')}
                  value={rule.goto}
                  onChange={(v) => set({ skip: q.skip.map((x, j) => (j === r ? { ...x, goto: v } : x)) })}
                  options={[...later.map((l) => ({ value: l.id, label: `${l.title || l.id}` })), { value: END, label: t('editor.skipEnd') }]}
                />
                <button type="button" className={rowButton} onClick={() => set({ skip: q.skip.filter((_, j) => j !== r) })}>
                  {t('editor.skipRemove')}
                </button>
                {(err(`skip.${r}.goto`) || err(`skip.${r}.equals`)) && (
                  <span className="text-red-700 dark:text-red-400">{err(`skip.${r}.goto`) ?? err(`skip.${r}.equals`)}</span>
                )}
              </div>
            ))}
            {q.skip.length < SKIP_RULES_MAX && (
              <button
                type="button"
                className={rowButton}
                onClick={() => set({ skip: [...q.skip, { equals: values.find(Boolean) ?? '', goto: END }] })}
                data-testid="skip-add"
              >
                {t('editor.skipAdd')}
              </button>
            )}
          </div>
        )}
      </fieldset>
    </li>
  );
}
