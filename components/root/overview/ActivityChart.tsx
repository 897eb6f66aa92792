import { getTranslations } from '@/lib/i18n/translations';
import type { Locale } from '@/lib/i18n/locales';
import type { ActivityDay } from '@/lib/root/overview';
import { dateTimeFormat } from '@/lib/format/intl';

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 12;
const BOTTOM = 20;
const SERIES = [
  { key: 'signups', className: 'fill-accent' },
  { key: 'logins', className: 'fill-emerald-600 dark:fill-emerald-400' },
] as const;

// A day is a calendar date, not an instant: read and printed at UTC so no zone shifts it.
const dayLabel = (day: string, locale: Locale) =>
  dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/**
 * Signups and logins per day as paired bars in inline SVG. The picture is labelled with a
 * summary; the numbers themselves are in a table for screen readers.
 */
export async function ActivityChart({ days, locale, timeZone }: { days: ActivityDay[]; locale: Locale; timeZone: string }) {
  const t = await getTranslations('root');
  const totals = { signups: days.reduce((n, d) => n + d.signups, 0), logins: days.reduce((n, d) => n + d.logins, 0) };
  const max = Math.max(1, ...days.map((d) => Math.max(d.signups, d.logins)));
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = Math.max(1, (slot - 2) / 2);
  const plot = HEIGHT - TOP - BOTTOM;
  const y = (n: number) => TOP + plot - (n / max) * plot;
  const summary = t('activitySummary', { days: days.length, signups: totals.signups, logins: totals.logins, max });
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-lg font-semibold">
        {t('activityTitle', { days: days.length })}
      </h2>
      <p className="text-sm text-muted">{t('activityZone', { zone: timeZone })}</p>
      <figure className="relative mt-3 rounded-card border border-line p-4">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={summary} data-testid="activity-chart">
          <line x1={0} x2={WIDTH} y1={TOP + plot} y2={TOP + plot} className="stroke-line" strokeWidth={1} />
          <text x={0} y={TOP - 2} className="fill-muted text-[10px]">
            {max}
          </text>
          {days.map((d, i) =>
            SERIES.map((s, j) => {
              const value = d[s.key];
              return (
                <rect key={`${d.day}-${s.key}`} x={i * slot + 1 + j * bar} y={y(value)} width={bar} height={TOP + plot - y(value)} className={s.className}>
                  <title>{`${dayLabel(d.day, locale)}: ${t(s.key)} ${value}`}</title>
                </rect>
              );
            }),
          )}
          {first && (
            <text x={0} y={HEIGHT - 4} className="fill-muted text-[10px]">
              {dayLabel(first.day, locale)}
            </text>
          )}
          {last && (
            <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="fill-muted text-[10px]">
              {dayLabel(last.day, locale)}
            </text>
          )}
        </svg>
        <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
          {SERIES.map((s) => (
            <span key={s.key} className="flex items-center gap-2">
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" rx="2" className={s.className} />
              </svg>
              {t(s.key)}: <span className="font-semibold tabular-nums">{totals[s.key]}</span>
            </span>
          ))}
        </figcaption>
        {/* sr-only on the table itself would not hold it to 1 px (a table grows to its rows),
            leaving their height as empty space under the chart: the wrapper holds it. */}
        <div className="sr-only">
          <table>
            <caption>{t('activityTitle', { days: days.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('day')}</th>
                <th scope="col">{t('signups')}</th>
                <th scope="col">{t('logins')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{dayLabel(d.day, locale)}</th>
                  <td>{d.signups}</td>
                  <td>{d.logins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </figure>
    </section>
  );
}
