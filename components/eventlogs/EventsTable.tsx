'use client';

import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Activity } from 'lucide-react';
import { useEffect } from 'react';
import { secondaryButton } from '@/components/ui/buttons';
import { DataTable, cardCell } from '@/components/ui/DataTable';
import { EmptyState } from '@/components/ui/EmptyState';
import { SearchInput } from '@/components/ui/SearchInput';
import { Select } from '@/components/ui/Select';
import { eventsQuery, filterParams } from '@/lib/eventlogs/queries';
import type { HourStats } from '@/lib/eventlogs/schemas';
import { useLocale, useText } from '@/lib/i18n/client';
import { localTime, offsetLabel } from './format';
import { filtersAtom, NO_FILTERS } from './state';

/** The day's raw events: filters, pages of 50, and the CSV of what the filters select. */
export function EventsTable({ date, timeZone, hours }: { date: string; timeZone: string; hours: HourStats[] }) {
  const t = useText('eventLogs');
  const locale = useLocale();
  const [stored, setFilters] = useAtom(filtersAtom);
  const filters = stored.date === date ? stored : { ...NO_FILTERS, date };
  useEffect(() => {
    if (stored.date !== date) setFilters({ ...NO_FILTERS, date });
  }, [date, stored.date, setFilters]);
  const { date: _d, ...query } = filters;
  const { data, isFetching } = useQuery(eventsQuery(date, query));
  const set = (change: Partial<typeof query>) => setFilters({ ...filters, page: 1, ...change });
  const repeated = (h: HourStats) => hours.filter((o) => o.label === h.label).length > 1;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const { page: _p, ...csvFilters } = query;
  const filtering = query.kind !== '' || query.q !== '' || query.hour !== '';

  return (
    <section className="space-y-3" aria-labelledby="events-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="events-title" className="text-lg font-semibold">
          {t('events')}
        </h2>
        <a href={`/api/eventlogs/days/${date}/csv?${filterParams(csvFilters)}`} download className={secondaryButton} data-testid="csv-download">
          {t('csv')}
        </a>
      </div>
      <div className="flex flex-wrap gap-2">
        <Select
          compact
          className="w-36"
          aria-label={t('kind')}
          value={query.kind}
          onChange={(v) => set({ kind: v as typeof query.kind })}
          options={[
            { value: '', label: t('kindAll') },
            { value: 'page', label: t('kindPage') },
            { value: 'api', label: t('kindApi') },
          ]}
          testId="kind-select"
        />
        <Select
          compact
          className="w-44"
          aria-label={t('hour')}
          value={query.hour}
          onChange={(v) => set({ hour: v })}
          options={[
            { value: '', label: t('hourAll') },
            ...hours.map((h) => ({ value: String(h.index), label: repeated(h) ? `${h.label} (${offsetLabel(h.offsetMinutes)})` : h.label })),
          ]}
          testId="hour-select"
        />
        <SearchInput
          label={t('searchPath')}
          value={query.q}
          onChange={(q) => set({ q: q.slice(0, 200) })}
          className="h-9 w-full sm:w-56"
          testId="path-search"
        />
      </div>
      {data && data.items.length === 0 ? (
        filtering ? (
          <EmptyState icon={Activity} text={t('noEvents')} action={{ label: t('clearFilters'), onClick: () => set(NO_FILTERS) }} testId="events-empty" />
        ) : (
          <EmptyState icon={Activity} text={t('noEventsDay')} testId="events-empty" />
        )
      ) : (
        <DataTable
          testId="events"
          caption={t('events')}
          busy={isFetching}
          cards
          columns={[
            { label: t('time') },
            { label: t('who') },
            { label: t('request') },
            { label: t('status') },
            { label: t('address') },
            { label: t('userAgent') },
            { label: t('referrer') },
          ]}
        >
          {data?.items.map((e) => (
            <tr key={e.id} data-testid="event-row">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap max-sm:block max-sm:px-0">
                {localTime(e.at, timeZone, locale)}
              </th>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('who')}>
                {e.userName ?? t('anonymous', { id: e.visitor.slice(2, 8) })}
              </td>
              <td className={`px-3 py-2 break-all ${cardCell}`} data-label={t('request')}>
                <span className="text-muted">{e.kind === 'api' ? `${e.method} ` : ''}</span>
                {e.path}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('status')}>
                {e.status}
              </td>
              <td className={`px-3 py-2 ${cardCell}`} data-label={t('address')}>
                {e.ip}
              </td>
              <td className={`max-w-56 truncate px-3 py-2 ${cardCell}`} data-label={t('userAgent')} title={e.userAgent}>
                {e.userAgent}
              </td>
              <td className={`max-w-56 truncate px-3 py-2 ${cardCell}`} data-label={t('referrer')} title={e.referrer}>
                {e.referrer}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <nav className="flex items-center gap-3 text-sm" aria-label={t('pages')}>
        <button type="button" className={secondaryButton} disabled={query.page <= 1} onClick={() => setFilters({ ...filters, page: query.page - 1 })}>
          {t('previousPage')}
        </button>
        <span data-testid="events-page">{t('pageOf', { page: query.page, pages, total: data?.total ?? 0 })}</span>
        <button type="button" className={secondaryButton} disabled={query.page >= pages} onClick={() => setFilters({ ...filters, page: query.page + 1 })}>
          {t('nextPage')}
        </button>
      </nav>
    </section>
  );
}
