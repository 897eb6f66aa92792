'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useText } from '@/lib/i18n/client';
import { overviewQuery } from '@/lib/photomagik/queries';
import type { OverviewView } from '@/lib/photomagik/schemas';

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
  const peak = Math.max(1, ...o.days.map((d) => d.done + d.failed));
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const dayLabel = (day: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
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
        <ol className="flex h-40 items-end gap-0.5 overflow-x-auto rounded-card border border-line bg-surface p-2" data-testid="photomagik-chart">
          {o.days.map((d) => (
            <li
              key={d.day}
              className="flex h-full min-w-1.5 flex-1 flex-col justify-end"
              title={t('ui.dayBar', { day: dayLabel(d.day), done: d.done, failed: d.failed })}
              aria-label={t('ui.dayBar', { day: dayLabel(d.day), done: d.done, failed: d.failed })}
            >
              <span className="block bg-red-600" style={{ height: `${(d.failed / peak) * 100}%` }} />
              <span className="block bg-primary" style={{ height: `${(d.done / peak) * 100}%` }} />
            </li>
          ))}
        </ol>
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
