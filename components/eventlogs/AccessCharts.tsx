'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Link } from '@/components/ui/Link';
import { Select } from '@/components/ui/Select';
import { DataTable } from '@/components/ui/DataTable';
import { ApiError } from '@/lib/http/api-client';
import { chartsQuery } from '@/lib/eventlogs/queries';
import type { ChartsView } from '@/lib/eventlogs/schemas';
import { useLocale, useText } from '@/lib/i18n/client';
import { BarChart } from '@/components/ui/BarChart';
import { DAY_PATH, dayLabel } from './format';
import { RangePicker } from './RangePicker';
import { RetentionForm } from './RetentionForm';
import { metricAtom, rangeAtom, type Metric } from './state';
import { Totals } from './Totals';

/** The charts page: a range, its totals against the previous period, a bar per day linking to the day. */
export function AccessCharts({ initial, mayEditRetention }: { initial: ChartsView; mayEditRetention: boolean }) {
  const t = useText('eventLogs');
  const locale = useLocale();
  const [range, setRange] = useAtom(rangeAtom);
  const [metric, setMetric] = useAtom(metricAtom);
  const seeded = 'days' in range && range.days === 30;
  const { data = initial, isFetching, error } = useQuery({ ...chartsQuery(range), initialData: seeded ? initial : undefined });

  return (
    <div className="space-y-6" aria-busy={isFetching || undefined}>
      <RangePicker range={range} onChange={setRange} from={data.from} to={data.to} />
      {error && (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : t('loadFailed')}
        </p>
      )}
      <p className="text-sm text-muted" data-testid="eventlogs-period">
        {t('period', { from: dayLabel(data.from, locale, 'long'), to: dayLabel(data.to, locale, 'long'), timeZone: data.timeZone })}
      </p>
      <Totals totals={data.totals} previous={data.previous.totals} />
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('perDay')}</h2>
          <Select
            compact
            className="w-44"
            aria-label={t('metric')}
            value={metric}
            onChange={(v) => setMetric(v as Metric)}
            options={(['pageViews', 'visits', 'visitors'] as const).map((m) => ({ value: m, label: t(`metrics.${m}`) }))}
            testId="metric-select"
          />
        </div>
        <BarChart
          label={t('chartLabel', { metric: t(`metrics.${metric}`) })}
          testId="charts-svg"
          bars={data.days.map((d, i) => ({
            key: d.date,
            label: dayLabel(d.date, locale),
            value: d[metric],
            previous: data.previous.days[i]?.[metric],
            href: `${DAY_PATH}/${d.date}`,
            title: t('barTitle', { date: dayLabel(d.date, locale, 'long'), value: d[metric], metric: t(`metrics.${metric}`) }),
          }))}
        />
        <p className="text-xs text-muted">{t('legend')}</p>
      </section>
      <details className="rounded-card border border-line p-3" data-testid="days-table">
        <summary className="cursor-pointer font-medium">{t('asTable')}</summary>
        <div className="mt-3">
          <DataTable
            caption={t('perDay')}
            columns={[{ label: t('date') }, { label: t('metrics.visitors') }, { label: t('metrics.visits') }, { label: t('metrics.pageViews') }]}
          >
            {[...data.days].reverse().map((d) => (
              <tr key={d.date}>
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link href={`${DAY_PATH}/${d.date}`} prefetch={false} className="text-accent underline" data-testid="day-link">
                    {d.date}
                  </Link>
                </th>
                <td className="px-3 py-2">{d.visitors}</td>
                <td className="px-3 py-2">{d.visits}</td>
                <td className="px-3 py-2">{d.pageViews}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      </details>
      {mayEditRetention && <RetentionForm retentionDays={data.retentionDays} />}
      {!mayEditRetention && <p className="text-sm text-muted">{t('retentionNote', { days: data.retentionDays })}</p>}
    </div>
  );
}
