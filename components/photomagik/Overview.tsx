'use client';

import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@/components/ui/BarChart';
import { DataTable } from '@/components/ui/DataTable';
import { useLocale, useText } from '@/lib/i18n/client';
import { overviewQuery } from '@/lib/photomagik/queries';
import type { OverviewView } from '@/lib/photomagik/schemas';
import { dateTimeFormat, numberFormat } from '@/lib/format/intl';

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-card border border-line bg-surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Generations per day on the project's clock, the failure rate, the top styles and active users. */
export function Overview({ initial }: { initial: OverviewView }) {
  const t = useText('photomagik');
  const locale = useLocale();
  const { data: o } = useQuery({ ...overviewQuery(), initialData: initial });
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  const dayLabel = (day: string) => dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label={t('ui.total', { days: o.days.length })} value={number.format(o.total)} testId="photomagik-total" />
        <Stat label={t('ui.failureRate')} value={`${number.format(o.failureRate)} %`} testId="photomagik-failure-rate" />
        <Stat label={t('ui.activeUsers')} value={number.format(o.activeUsers)} testId="photomagik-active-users" />
      </dl>
      <section aria-labelledby="photomagik-days">
        <h2 id="photomagik-days" className="mb-2 text-lg font-semibold">
          {t('ui.perDay', { zone: o.timeZone })}
        </h2>
        <BarChart
          label={t('ui.chartLabel')}
          testId="photomagik-chart"
          bars={o.days.map((d) => ({
            key: d.day,
            label: dayLabel(d.day),
            value: d.done + d.failed,
            part: d.failed,
            title: t('ui.dayBar', { day: dayLabel(d.day), done: d.done, failed: d.failed }),
          }))}
        />
        <p className="mt-1 text-xs text-muted">{t('ui.chartLegend')}</p>
        <details className="mt-3 rounded-card border border-line p-3" data-testid="photomagik-days-table">
          <summary className="cursor-pointer font-medium">{t('ui.asTable')}</summary>
          <div className="mt-3">
            <DataTable caption={t('ui.perDay', { zone: o.timeZone })} columns={[{ label: t('ui.day') }, { label: t('ui.done') }, { label: t('ui.failed') }]}>
              {[...o.days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {dayLabel(d.day)}
                  </th>
                  <td className="px-3 py-2 tabular-nums">{number.format(d.done)}</td>
                  <td className="px-3 py-2 tabular-nums">{number.format(d.failed)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </details>
      </section>
      <section aria-labelledby="photomagik-top">
        <h2 id="photomagik-top" className="mb-2 text-lg font-semibold">
          {t('ui.topStyles')}
        </h2>
        {o.topStyles.length === 0 ? (
          <p className="text-muted">{t('ui.noGenerations')}</p>
        ) : (
          <ol className="space-y-1" data-testid="photomagik-top-styles">
            {o.topStyles.map((s) => (
              <li key={s.id ?? 'none'} className="flex justify-between gap-2 rounded border border-line bg-surface px-3 py-2">
                <span>{s.name || t('ui.deletedStyle')}</span>
                <span className="text-muted">{number.format(s.count)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
