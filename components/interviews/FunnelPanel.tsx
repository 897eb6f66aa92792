'use client';

import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@/components/ui/BarChart';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { useLocale, useText } from '@/lib/i18n/client';
import { numberFormat } from '@/lib/format/intl';
import { dropRate } from '@/lib/interviews/funnel';
import { funnelQuery } from '@/lib/interviews/queries';
import type { Question } from '@/lib/interviews/questions';

/**
 * Where respondents of one version went: per question, how many reached it (the bar), how
 * many answered and how many left there (the bar's red foot). The chart only illustrates;
 * the table beside it carries every figure for screen readers and small screens.
 */
export function FunnelPanel({ interviewId, version, questions }: { interviewId: string; version: number | undefined; questions: Question[] }) {
  const t = useText('interviews');
  const locale = useLocale();
  const { data } = useQuery(funnelQuery(interviewId, version));
  if (!data) return null;
  const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const title = new Map(questions.map((q) => [q.id, q.title]));
  const steps = data.steps.map((s, i) => ({ ...s, n: i + 1, title: title.get(s.id) ?? s.id, rate: percent.format(dropRate(s)) }));
  return (
    <section aria-labelledby="funnel-title" className="space-y-3" data-testid="funnel">
      <h2 id="funnel-title" className="text-lg font-semibold">
        {t('funnel.title')}
      </h2>
      <p className="text-sm text-muted" data-testid="funnel-totals">
        {t('funnel.totals', { respondents: data.respondents, completed: data.completed, leftAtEnd: data.leftAtEnd })}
      </p>
      {data.respondents === 0 ? (
        <p className="text-muted">{t('funnel.empty')}</p>
      ) : (
        <>
          <BarChart
            label={t('funnel.chart')}
            bars={steps.map((s) => ({
              key: s.id,
              label: String(s.n),
              value: s.reached,
              part: s.dropped,
              title: t('funnel.bar', { n: s.n, reached: s.reached, dropped: s.dropped }),
            }))}
          />
          <DataTable
            testId="funnel-table"
            caption={t('funnel.title')}
            cards
            columns={[{ label: t('funnel.question') }, { label: t('funnel.reached') }, { label: t('funnel.answered') }, { label: t('funnel.dropped') }]}
          >
            {steps.map((s) => (
              <tr key={s.id} data-testid="funnel-row">
                <th scope="row" className="px-3 py-2 font-normal max-sm:block max-sm:px-0">
                  <span className="mr-1 text-muted">{s.n}.</span>
                  {s.title}
                </th>
                <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('funnel.reached')} data-testid="funnel-reached">
                  {s.reached}
                </td>
                <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('funnel.answered')} data-testid="funnel-answered">
                  {s.answered}
                </td>
                <td className={`px-3 py-2 tabular-nums ${cardCell}`} data-label={t('funnel.dropped')} data-testid="funnel-dropped">
                  {t('funnel.left', { count: s.dropped, rate: s.rate })}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </section>
  );
}
