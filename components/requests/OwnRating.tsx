'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { api } from '@/lib/http/api-client';
import { useText } from '@/lib/i18n/client';
import { requestsKeys } from '@/lib/requests/queries';
import type { OwnRating as Rating } from '@/lib/requests/types';
import { alerts } from '@/lib/shell/alerts';
import { RatingForm } from './RatingForm';

/** On the requester's solved request: "how did we do?", or the rating they gave and a way to change it while they may. */
export function OwnRating({ id, rating, mayRate }: { id: string; rating: Rating | null; mayRate: boolean }) {
  const t = useText('requests');
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const asking = mayRate && (!rating || editing);
  return (
    <section aria-labelledby="rating-title" className="mt-6 rounded-card border border-line p-4" data-testid="own-rating">
      <h2 id="rating-title" className="font-semibold">
        {t('ratingTitle')}
      </h2>
      {rating && !asking && (
        <div className="mt-1 space-y-1 text-sm">
          <p data-testid="own-rating-score">{t('ratingYours', { score: rating.score === 'good' ? t('ratingGood') : t('ratingBad') })}</p>
          {rating.comment && <p className="break-words whitespace-pre-line text-muted">{rating.comment}</p>}
          <p className="text-muted">{t('ratingChangesLeft', { count: rating.changesLeft })}</p>
          {mayRate && (
            <button type="button" className={`${secondaryButton} mt-2`} onClick={() => setEditing(true)} data-testid="rating-change">
              {t('ratingChange')}
            </button>
          )}
        </div>
      )}
      {asking && (
        <>
          <p className="mt-1 mb-3 text-sm text-muted">{t('ratingLead')}</p>
          <RatingForm
            current={rating}
            submitLabel={t('ratingSend')}
            onSubmit={async (values) => {
              const res = await api<{ message: string }>(`requests/mine/${id}/rating`, { json: values });
              alerts.push({ type: 'success', text: res.message });
              setEditing(false);
              await client.invalidateQueries({ queryKey: requestsKeys.own(id) });
            }}
          />
        </>
      )}
    </section>
  );
}
