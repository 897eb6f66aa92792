'use client';

import { FileInput } from '@/components/ui/FileInput';
import { useText } from '@/lib/i18n/client';
import { ANSWER_FILE_MAX_BYTES } from '@/lib/interviews/limits';
import { textMax, type Question } from '@/lib/interviews/questions';

const INPUT =
  'border-line bg-surface w-full rounded-control border px-3 py-2 text-base sm:text-sm aria-[invalid=true]:border-red-600 focus-visible:border-accent';
const CHIP =
  'has-[:checked]:bg-primary has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent border-line flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-control border px-2 text-sm font-medium';

export type Value = string | string[];
type Props = {
  question: Question;
  index: number;
  value: Value | undefined;
  error?: string;
  onChange: (value: Value) => void;
  /** Ids are `<prefix>-<id>` and names `<prefix>_<id>`: `q` posts; a preview beside the editor takes its own. */
  prefix?: string;
};

/**
 * One question as plain form controls named `q_<id>` (`q_<id>[]` for several choices), so
 * the form posts the same fields with or without JavaScript.
 */
export function QuestionInput({ question: q, index, value, error, onChange, prefix = 'q' }: Props) {
  const t = useText('interviews');
  const id = `${prefix}-${q.id}`;
  const name = `${prefix}_${q.id}`;
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  const described = [q.help && `${id}-help`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': described, 'aria-required': q.required || undefined } as const;
  const isGroup = ['single', 'multiple', 'rating', 'nps'].includes(q.type);
  const label = (
    <>
      <span className="mr-1 text-muted">{index + 1}.</span>
      {q.title}
      {q.required && <span className="ml-1 text-sm font-normal text-muted">({t('public.required')})</span>}
    </>
  );

  let control;
  if (q.type === 'long')
    control = (
      <textarea
        id={id}
        name={name}
        rows={5}
        maxLength={textMax('long')}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        required={q.required}
        className={INPUT}
        {...aria}
      />
    );
  else if (q.type === 'single' || q.type === 'multiple' || q.type === 'rating' || q.type === 'nps') {
    const multiple = q.type === 'multiple';
    const points = q.type === 'rating' ? ['1', '2', '3', '4', '5'] : q.type === 'nps' ? Array.from({ length: 11 }, (_, n) => String(n)) : q.options;
    const scale = q.type === 'rating' || q.type === 'nps';
    control = (
      <div className={scale ? 'flex flex-wrap gap-1.5' : 'space-y-2'} role={multiple ? 'group' : 'radiogroup'} aria-labelledby={`${id}-label`} {...aria}>
        {points.map((option) => {
          const checked = list.includes(option);
          const input = (
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={multiple ? `${name}[]` : name}
              value={option}
              checked={checked}
              required={!multiple && q.required}
              onChange={(e) => onChange(multiple ? (e.target.checked ? [...list, option] : list.filter((o) => o !== option)) : option)}
              aria-label={q.type === 'rating' ? t('public.ratingLabel', { n: option }) : undefined}
              className={scale ? 'sr-only' : 'size-4 accent-[var(--color-primary)]'}
            />
          );
          return scale ? (
            <label key={option} className={CHIP}>
              {input}
              {option}
            </label>
          ) : (
            <label key={option} className="flex min-h-11 items-center gap-3 rounded-control border border-line px-3 py-2 has-[:checked]:border-accent">
              {input}
              <span>{option}</span>
            </label>
          );
        })}
        {q.type === 'nps' && (
          <p className="flex w-full justify-between text-xs text-muted" aria-hidden="true">
            <span>{t('public.npsLow')}</span>
            <span>{t('public.npsHigh')}</span>
          </p>
        )}
      </div>
    );
  } else if (q.type === 'dropdown')
    // A native select: it works without JavaScript and on every phone's own picker.
    control = (
      <select id={id} name={name} value={text} onChange={(e) => onChange(e.target.value)} required={q.required} className={INPUT} {...aria}>
        <option value="">{t('public.choose')}</option>
        {q.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  else if (q.type === 'file') control = <FileInput id={id} name={name} required={q.required} {...aria} />;
  else {
    const type = q.type === 'email' ? 'email' : q.type === 'date' ? 'date' : q.type === 'number' ? 'number' : 'text';
    const bounds = q.type === 'number' ? { min: q.min ?? undefined, max: q.max ?? undefined, step: 'any', inputMode: 'decimal' as const } : {};
    control = (
      <input
        id={id}
        name={name}
        type={type}
        maxLength={q.type === 'short' ? textMax('short') : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        required={q.required}
        className={INPUT}
        {...bounds}
        {...aria}
      />
    );
  }

  return (
    <div className="space-y-2" data-testid={`question-${q.id}`}>
      {isGroup ? (
        <p id={`${id}-label`} className="font-medium">
          {label}
        </p>
      ) : (
        <label id={`${id}-label`} htmlFor={id} className="block font-medium">
          {label}
        </label>
      )}
      {q.help && (
        <p id={`${id}-help`} className="text-sm whitespace-pre-line text-muted">
          {q.help}
        </p>
      )}
      {control}
      {q.type === 'file' && <p className="text-xs text-muted">{t('public.fileHint', { max: ANSWER_FILE_MAX_BYTES / 1024 / 1024 })}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400" data-testid="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
