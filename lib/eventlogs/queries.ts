import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getJson } from '../query/client';
import type { ChartsView, DayView, EventsPage } from './schemas';

// The access charts in the browser's query cache; the pages' server render seeds them.

/** A preset of the last `days` days, or a custom range. */
export type Range = { days: number } | { from: string; to: string };
export type EventFilters = { page: number; kind: '' | 'page' | 'api'; q: string; hour: string };

export const eventLogsKeys = {
  all: ['eventLogs'] as const,
  charts: (range: Range) => [...eventLogsKeys.all, 'charts', range] as const,
  day: (date: string) => [...eventLogsKeys.all, 'day', date] as const,
  events: (date: string, filters: EventFilters) => [...eventLogsKeys.all, 'events', date, filters] as const,
};

export function rangeParams(range: Range): string {
  return new URLSearchParams('days' in range ? { days: String(range.days) } : range).toString();
}

/** The filters as a query string; empty ones are left out. */
export function filterParams(filters: Partial<EventFilters>): string {
  const entries = Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined);
  return new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
}

export function chartsQuery(range: Range) {
  return queryOptions({
    queryKey: eventLogsKeys.charts(range),
    queryFn: getJson<ChartsView>(`eventlogs/charts?${rangeParams(range)}`),
    placeholderData: keepPreviousData,
  });
}

export function dayQuery(date: string) {
  return queryOptions({ queryKey: eventLogsKeys.day(date), queryFn: getJson<DayView>(`eventlogs/days/${date}`) });
}

export function eventsQuery(date: string, filters: EventFilters) {
  return queryOptions({
    queryKey: eventLogsKeys.events(date, filters),
    queryFn: getJson<EventsPage>(`eventlogs/days/${date}/events?${filterParams(filters)}`),
    placeholderData: keepPreviousData,
  });
}
