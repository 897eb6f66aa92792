import * as z from 'zod/mini';
import { field, form, numberField, wholeNumberField } from '../validation/field';
import { token } from '../validation/messages';
import { between, maxLength, pattern, required } from '../validation/rules';
import { daysBetween, isDate } from './dates';
import { EVENT_LOG_LIMITS as L, RANGE_PRESETS } from './limits';

// Shared by the pages (through the query string they build) and the route handlers: no server imports.

const date = field([pattern('dateYmd')]).check(z.refine((v) => v === undefined || isDate(v), { error: token('pattern.dateYmd') }));

/** A preset (`days`: 7, 30 or 90) or a custom range (`from`, `to`); neither means the last 30 days. */
export const chartsQuerySchema = form({
  days: wholeNumberField(1, L.maxRangeDays).check(
    z.refine((v) => v === undefined || (RANGE_PRESETS as readonly number[]).includes(v), { error: token('invalid') }),
  ),
  from: date,
  to: date,
}).check(
  z.superRefine((v, ctx) => {
    if (!v.from !== !v.to) ctx.issues.push({ code: 'custom', message: token('required'), path: [v.from ? 'to' : 'from'], input: v });
    else if (v.from && v.to && (daysBetween(v.from, v.to) < 0 || daysBetween(v.from, v.to) >= L.maxRangeDays))
      ctx.issues.push({ code: 'custom', message: token('invalid'), path: ['to'], input: v });
  }),
);
export type ChartsQuery = z.output<typeof chartsQuerySchema>;

export const EVENT_KINDS = ['page', 'api'] as const;

/** Filters of one day's raw events; the CSV export takes the same ones without `page`. */
export const eventsQuerySchema = form({
  page: wholeNumberField(1, 100_000),
  kind: z.optional(z.union([z.enum(EVENT_KINDS), z.literal('')], { error: token('invalid') })),
  q: field([maxLength(L.searchMax)]),
  /** The hour's position in the day (0 to 24: a day has 23 to 25 hours). */
  hour: wholeNumberField(0, 24),
});
export type EventsQuery = z.output<typeof eventsQuerySchema>;

export const retentionSchema = form({
  retentionDays: numberField([required(), between(L.retentionMinDays, L.retentionMaxDays)]).check(
    z.refine((v) => Number.isInteger(v), { error: token('invalid') }),
  ),
});

/** What the pages read. */
export type DayStats = { date: string; visitors: number; visits: number; pageViews: number };
export type Totals = Omit<DayStats, 'date'>;
export type ChartsView = {
  timeZone: string;
  today: string;
  retentionDays: number;
  from: string;
  to: string;
  days: DayStats[];
  totals: Totals;
  previous: { from: string; to: string; days: DayStats[]; totals: Totals };
};
export type HourStats = Totals & { index: number; start: string; label: string; offsetMinutes: number };
export type DayView = { date: string; timeZone: string; hours: HourStats[]; totals: Totals };
export type EventRow = {
  id: number;
  at: string;
  kind: 'page' | 'api';
  method: string;
  path: string;
  status: number;
  durationMs: number;
  userName: string | null;
  visitor: string;
  ip: string;
  userAgent: string;
  referrer: string;
};
export type EventsPage = { items: EventRow[]; total: number; page: number; pageSize: number };
