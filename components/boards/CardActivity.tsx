'use client';

import { useId } from 'react';
import type { BoardView, CardDetail } from '@/lib/boards/types';
import { formatDateTime } from '@/lib/format/date';
import { useLocale, useText } from '@/lib/i18n/client';

const KINDS = new Set(['created', 'updated', 'moved', 'archived', 'restored', 'commented', 'attached']);

/** The card's history, newest first: who did what and when, in the user's time zone. */
export function CardActivity({ card, timeZone }: { board: BoardView; card: CardDetail; timeZone: string | null }) {
  const t = useText('boards');
  const locale = useLocale();
  const id = useId();
  const describe = (kind: string, data: Record<string, unknown>) => {
    if (kind === 'moved') return t('activity.moved', { from: String(data.from ?? ''), to: String(data.to ?? '') });
    if (kind === 'updated')
      return t('activity.updated', {
        fields: Object.keys(data)
          .map((k) => t(`fields.${k}`))
          .join(', '),
      });
    return t(`activity.${KINDS.has(kind) ? kind : 'updated'}`, { fields: '' });
  };
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="font-semibold">
        {t('activityTitle')}
      </h3>
      <ol className="flex flex-col gap-1 text-sm" data-testid="activity">
        {card.activity.map((a) => (
          <li key={a.id}>
            <span className="font-medium">{a.actorName ?? t('someone')}</span> {describe(a.kind, a.data)}{' '}
            <span className="text-xs text-muted">· {formatDateTime(a.createdAt, locale, timeZone)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
