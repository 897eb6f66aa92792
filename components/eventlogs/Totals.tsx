'use client';

import type { Totals as TotalsType } from '@/lib/eventlogs/schemas';
import { useText } from '@/lib/i18n/client';
import { change } from './format';

const METRICS = ['visitors', 'visits', 'pageViews'] as const;

/** The period's three numbers, each with its change from the previous period when given. */
export function Totals({ totals, previous }: { totals: TotalsType; previous?: TotalsType }) {
  const t = useText('eventLogs');
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="eventlogs-totals">
      {METRICS.map((m) => {
        const delta = previous ? change(totals[m], previous[m]) : null;
        return (
          <div key={m} className="rounded-card border border-line bg-surface-2 p-4">
            <dt className="text-sm text-muted">{t(`metrics.${m}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold" data-testid={`total-${m}`}>
              {totals[m]}
            </dd>
            {previous && (
              <dd className="mt-1 text-xs text-muted" data-testid={`previous-${m}`}>
                {delta === null
                  ? t('previousValue', { value: previous[m] })
                  : t('previousChange', { value: previous[m], change: `${delta > 0 ? '+' : ''}${delta}` })}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}
