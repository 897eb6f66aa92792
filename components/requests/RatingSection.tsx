'use client';

import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import { useLocale, useText } from '@/lib/i18n/client';
import type { RequestRating } from '@/lib/requests/types';

/** Staff's view of the requester's rating: good or bad, their comment and when. */
export function RatingSection({ rating, timeZone }: { rating: RequestRating | null; timeZone: string | null }) {
  const t = useText('requests');
  const locale = useLocale();
  const Icon = rating?.score === 'good' ? ThumbsUp : ThumbsDown;
  return (
    <section className="space-y-1 rounded-card border border-line p-3" data-testid="request-rating">
      <h2 className="font-semibold">{t('ratingStaffTitle')}</h2>
      {rating ? (
        <>
          <p
            className={`flex items-center gap-1.5 text-sm font-medium ${rating.score === 'good' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}`}
            data-score={rating.score}
          >
            <Icon aria-hidden="true" className="size-4" />
            {rating.score === 'good' ? t('ratingGood') : t('ratingBad')}
          </p>
          {rating.comment && <p className="text-sm break-words whitespace-pre-line">{rating.comment}</p>}
          <p className="text-xs text-muted">{t('ratingWhen', { time: formatDateTime(rating.updatedAt, locale, timeZone) })}</p>
        </>
      ) : (
        <p className="text-sm text-muted">{t('ratingNone')}</p>
      )}
    </section>
  );
}
