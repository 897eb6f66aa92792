'use client';

import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { primaryButton } from '@/components/ui/buttons';
import { FieldError } from '@/lib/forms/fields';
import { useApiForm } from '@/lib/forms/use-api-form';
import { useText } from '@/lib/i18n/client';
import { RATING_COMMENT_MAX, RATING_SCORES, type RatingScore } from '@/lib/requests/limits';
import type { RatingInput } from '@/lib/requests/schemas';
import type { OwnRating } from '@/lib/requests/types';

type Props = {
  /** The rating given so far (the form starts from it), or a score the emailed link chose. */
  current?: Partial<Pick<OwnRating, 'score' | 'comment'>> | null;
  /** Sends the rating; throwing an ApiError puts its field errors on the form. */
  onSubmit: (values: RatingInput) => Promise<unknown>;
  submitLabel: string;
};

/** Good or bad, and an optional comment: the requester's side of a satisfaction rating. */
export function RatingForm({ current, onSubmit, submitLabel }: Props) {
  const t = useText('requests');
  const id = useId();
  const { form, submit, errorOf, busy } = useApiForm(() => import('@/lib/requests/schemas').then((m) => m.ratingSchema), {
    defaultValues: { score: current?.score, comment: current?.comment ?? '' } as never,
    onSubmit,
  });
  const scoreError = errorOf('score');
  const commentError = errorOf('comment');
  const icons: Record<RatingScore, typeof ThumbsUp> = { good: ThumbsUp, bad: ThumbsDown };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="rating-form">
      <Controller
        control={form.control}
        name="score"
        render={({ field }) => (
          <fieldset aria-describedby={scoreError ? `${id}-score-error` : undefined}>
            <legend className="mb-1 text-sm font-medium">{t('ratingScoreLabel')}</legend>
            <div className="flex flex-wrap gap-2">
              {RATING_SCORES.map((s) => {
                const Icon = icons[s];
                return (
                  <label
                    key={s}
                    className="flex cursor-pointer items-center gap-2 rounded-control border border-line px-3 py-2 text-sm has-checked:border-accent has-checked:bg-surface-2 has-focus-visible:outline-2 has-focus-visible:outline-accent"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={s}
                      checked={field.value === s}
                      onChange={() => field.onChange(s)}
                      onBlur={field.onBlur}
                      className="sr-only"
                      data-testid={`rating-${s}`}
                    />
                    <Icon aria-hidden="true" className="size-4" />
                    {s === 'good' ? t('ratingGood') : t('ratingBad')}
                  </label>
                );
              })}
            </div>
            <FieldError id={`${id}-score-error`} message={scoreError} />
          </fieldset>
        )}
      />
      <div>
        <label htmlFor={`${id}-comment`} className="mb-1 block text-sm font-medium">
          {t('ratingComment')}
        </label>
        <textarea
          id={`${id}-comment`}
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          {...form.register('comment')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentError ? `${id}-comment-error` : undefined}
          className="w-full rounded-control border border-line bg-surface px-3 py-2 text-sm focus-visible:border-accent aria-[invalid=true]:border-red-600"
          data-testid="rating-comment"
        />
        <FieldError id={`${id}-comment-error`} message={commentError} />
      </div>
      <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined} data-testid="rating-submit">
        {busy ? t('saving') : submitLabel}
      </button>
    </form>
  );
}
