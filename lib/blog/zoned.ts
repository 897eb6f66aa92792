// Dates in the project's time zone, for the editor's datetime-local input and for display.
// The browser's own zone is never used: everyone in the project sees the same wall clock.

function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
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
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}) }).format(new Date(iso));
}
