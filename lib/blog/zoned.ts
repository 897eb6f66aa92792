// Dates in the project's time zone, for the editor's datetime-local input and for display.
// The browser's own zone is never used: everyone in the project sees the same wall clock.

import { formatDate, formatDateTime, wallClock as zonedClock } from '../format/date';

function wallClock(ms: number, timeZone: string): number {
  const c = zonedClock(ms, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
}

/** An instant as `YYYY-MM-DDTHH:mm` on the zone's wall clock ('' for none). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  return new Date(wallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);
}

/** A `YYYY-MM-DDTHH:mm` read on the zone's wall clock, as an ISO instant (null for ''). */
export function fromZonedInput(local: string, timeZone: string): string | null {
  if (!local) return null;
  const asUtc = Date.parse(`${local}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  // The zone's offset at the guess, then once more at the result (a DST change in between).
  let ms = asUtc - (wallClock(asUtc, timeZone) - asUtc);
  ms = asUtc - (wallClock(ms, timeZone) - ms);
  return new Date(ms).toISOString();
}

/** A date (and time) for people, in the project's zone and the reader's language. */
export function formatZoned(iso: string | Date, timeZone: string, locale: string, withTime = true): string {
  return withTime ? formatDateTime(iso, locale, timeZone, { date: 'medium', seconds: false }) : formatDate(iso, locale, timeZone, 'medium');
}
