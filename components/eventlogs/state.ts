import { atom } from 'jotai';
import type { EventFilters, Range } from '@/lib/eventlogs/queries';

export type Metric = 'visitors' | 'visits' | 'pageViews';

/** The charts' range and shown metric: kept while one goes to a day and comes back. */
export const rangeAtom = atom<Range>({ days: 30 });
export const metricAtom = atom<Metric>('pageViews');
export const NO_FILTERS: EventFilters = { page: 1, kind: '', q: '', hour: '' };
/** The raw events' filters of the day page (reset when another day opens). */
export const filtersAtom = atom<EventFilters & { date: string }>({ ...NO_FILTERS, date: '' });
