import { formatTime as clockTime, zonedFormatter } from '@/lib/format';
import { dateTimeFormat } from '@/lib/format/intl';

// Calendar days and clock times in the viewer's time zone, for the day separators and the
// time beside each message.

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function dayKey(iso: string | number | Date, timeZone: string): string {
  const parts = zonedFormatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export type DayGroup<T> = { day: string; items: T[] };

/** Consecutive items of the same calendar day together; `items` must be in time order. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], timeZone: string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = dayKey(item.createdAt, timeZone);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** The day before a 'YYYY-MM-DD' key. */
function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A separator's words: 'today', 'yesterday', or the date written out in the viewer's language. */
export function dayLabel(day: string, today: string, locale: string): { relative: 'today' | 'yesterday' } | { date: string } {
  if (day === today) return { relative: 'today' };
  if (day === previousDay(today)) return { relative: 'yesterday' };
  // The key is already the zone's calendar day: format it as a UTC date so nothing shifts it.
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  return { date: dateTimeFormat(locale, options).format(new Date(`${day}T12:00:00Z`)) };
}

/** 24-hour clock time, as SPEC.md's date formats ask. */
export function formatTime(iso: string, locale: string, timeZone: string): string {
  return clockTime(iso, locale, timeZone);
}

/** The list's last-activity time: the clock time today, the date before. */
export function formatActivity(iso: string, now: number, locale: string, timeZone: string): string {
  if (dayKey(iso, timeZone) === dayKey(now, timeZone)) return formatTime(iso, locale, timeZone);
  return zonedFormatter(locale, timeZone, { day: 'numeric', month: 'short' }).format(new Date(iso));
}
