import { dateTimeFormat, relativeTimeFormat } from './intl';
// Dates in SPEC.md section 9's formats. Server and browser produce the same text when given
// the same instant and zone; a zone the runtime does not know falls back to its own.

export const SANTIAGO = 'America/Santiago';

type Instant = string | number | Date;

/** A formatter in the user's time zone, else the runtime's (the browser's). */
export function zonedFormatter(locale: string, timeZone: string | null | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  try {
    return dateTimeFormat(locale, { ...options, timeZone: timeZone || undefined });
  } catch {
    return dateTimeFormat(locale, options);
  }
}

function valid(value: Instant): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Every time of day the app shows comes from this module, on the 24-hour clock whatever the
// language ("11:50:30 PM" is English's default, never ours): tests/unit/time-format.test.ts
// keeps other modules from formatting hours themselves.
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

type DateStyle = 'short' | 'medium';

/**
 * SPEC's date and time: short date plus medium time (seconds), 24-hour, in the user's time zone
 * (else the browser's). `date: 'medium'` writes the month as a word; `seconds: false` drops them.
 */
export function formatDateTime(value: Instant, locale: string, timeZone?: string | null, options: { date?: DateStyle; seconds?: boolean } = {}): string {
  const date = valid(value);
  if (!date) return '';
  const { date: dateStyle = 'short', seconds = true } = options;
  const day = zonedFormatter(locale, timeZone, { dateStyle }).format(date);
  return `${day}, ${formatTime(date, locale, timeZone, { seconds })}`;
}

/** The time of day alone, 24-hour: "23:50", or "23:50:30" with seconds. */
export function formatTime(value: Instant, locale: string, timeZone?: string | null, options: { seconds?: boolean } = {}): string {
  const date = valid(value);
  if (!date) return '';
  return zonedFormatter(locale, timeZone, { ...CLOCK, ...(options.seconds ? { second: '2-digit' } : {}) }).format(date);
}

/** The date alone, for columns where the time of day says nothing. */
export function formatDate(value: Instant, locale: string, timeZone?: string | null, dateStyle: DateStyle = 'short'): string {
  const date = valid(value);
  return date ? zonedFormatter(locale, timeZone, { dateStyle }).format(date) : '';
}

/** An instant's wall clock in a zone, as numbers: what date arithmetic in that zone starts from. */
export function wallClock(value: Instant, timeZone: string) {
  const parts = zonedFormatter('en', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit', second: '2-digit', ...CLOCK }).formatToParts(
    new Date(value),
  );
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** YYYY-MM-DD HH:MM:SS in Santiago de Chile, whatever the reader's language and zone. */
export function formatSantiago(value: Instant): string {
  const date = valid(value);
  if (!date) return '';
  const options = { year: 'numeric', month: '2-digit', day: '2-digit', second: '2-digit', ...CLOCK } as const;
  const parts = zonedFormatter('en', SANTIAGO, options).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday", "now" in the user's language, against the given clock reading. */
export function relativeTime(value: Instant, now: number, locale: string): string {
  const seconds = (new Date(value).getTime() - now) / 1000;
  const format = relativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** Whole seconds as mm:ss (minutes keep counting past 59). */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.floor(total));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
