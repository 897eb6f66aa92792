import { dateTimeFormat } from '../format/intl';
/** The window "due soon" covers, today included. */
export const DUE_SOON_DAYS = 7;

/** Today as YYYY-MM-DD in `timeZone` (UTC when the zone is unknown): due days compare as text. */
export function dayIn(timeZone: string, now = new Date()): string {
  const opts = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  try {
    return dateTimeFormat('en-CA', { ...opts, timeZone }).format(now);
  } catch {
    return dateTimeFormat('en-CA', { ...opts, timeZone: 'UTC' }).format(now);
  }
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
