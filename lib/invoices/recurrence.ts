/**
 * The date a recurring invoice issues next: one month or year after `from`, on the source's
 * day of the month (`anchor`), clamped to the month's end (Jan 31 → Feb 28 → Mar 31).
 */
export function nextDate(from: string, recurrence: 'monthly' | 'yearly', anchor = Number(from.slice(8, 10))): string {
  const [y, m] = from.split('-').map(Number);
  const d = anchor;
  const target = recurrence === 'monthly' ? new Date(Date.UTC(y, m, 1)) : new Date(Date.UTC(y + 1, m - 1, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}
