import { formatTime } from '@/lib/format/date';
import { dateTimeFormat } from '@/lib/format/intl';

/** The charts page; a day is `${DAY_PATH}/YYYY-MM-DD`. */
export const DAY_PATH = '/dashboard/extensions/event-logs/access-charts';

/** A calendar date (YYYY-MM-DD) in the reader's language, never shifted by their own zone. */
export function dayLabel(date: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  return dateTimeFormat(locale, options).format(new Date(`${date}T12:00:00Z`));
}

/** An instant as the project's local date and time, 24-hour. */
export function localTime(iso: string, timeZone: string, locale: string): string {
  return formatTime(iso, locale, timeZone, { seconds: true });
}

/** The change from `before` to `now` as a signed percentage, or null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** UTC offset in minutes as "UTC−03:00". */
export function offsetLabel(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const m = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
