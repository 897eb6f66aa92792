'use client';

import { useQuery } from '@tanstack/react-query';
import { Link } from '@/components/ui/Link';
import { dayQuery } from '@/lib/eventlogs/queries';
import type { DayView } from '@/lib/eventlogs/schemas';
import { useLocale, useText } from '@/lib/i18n/client';
import { BarChart } from '@/components/ui/BarChart';
import { EventsTable } from './EventsTable';
import { DAY_PATH, dayLabel, offsetLabel } from './format';
import { Totals } from './Totals';

/** One day: its totals, page views hour by hour (23 to 25 hours), and its raw events. */
export function DayScreen({ initial }: { initial: DayView }) {
  const t = useText('eventLogs');
  const locale = useLocale();
  const { data = initial } = useQuery({ ...dayQuery(initial.date), initialData: initial });
  const repeated = (label: string) => data.hours.filter((h) => h.label === label).length > 1;
  return (
    <div className="space-y-6">
      <Link href={DAY_PATH} className="text-sm text-accent underline" data-testid="back-to-charts">
        {t('back')}
      </Link>
      <h1 className="text-2xl font-bold" data-testid="day-title">
        {dayLabel(data.date, locale, 'long')}
      </h1>
      <p className="text-sm text-muted">{t('dayLead', { hours: data.hours.length, timeZone: data.timeZone })}</p>
      <Totals totals={data.totals} />
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('perHour')}</h2>
        <BarChart
          label={t('hourChartLabel')}
          testId="hours-svg"
          bars={data.hours.map((h) => ({
            key: h.start,
            label: h.label,
            value: h.pageViews,
            title: t('hourTitle', {
              hour: repeated(h.label) ? `${h.label} (${offsetLabel(h.offsetMinutes)})` : h.label,
              pageViews: h.pageViews,
              visits: h.visits,
              visitors: h.visitors,
            }),
          }))}
        />
      </section>
      <EventsTable date={data.date} timeZone={data.timeZone} hours={data.hours} />
    </div>
  );
}
