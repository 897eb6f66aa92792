import { describe, expect, it } from 'vitest';
import { addDays, dayIn } from '@/lib/dashboard/days';
import { relativeTime } from '@/lib/format';

describe('the activity list’s relative times', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  it.each([
    [5 * 60_000, 'en', '5 minutes ago'],
    [5 * 60_000, 'es', 'hace 5 minutos'],
    [30_000, 'en', 'now'],
    [2 * 3600_000, 'es', 'hace 2 horas'],
    [86400_000, 'en', 'yesterday'],
    [3 * 86400_000, 'en', '3 days ago'],
    [8 * 86400_000, 'en', 'last week'],
  ])('%i ms ago in %s reads "%s"', (ago, locale, text) => {
    expect(relativeTime(new Date(now - ago).toISOString(), now, locale)).toBe(text);
  });
});

describe('the project’s day for "due"', () => {
  it('is the calendar day in the project’s zone, not the server’s', () => {
    const late = new Date('2026-11-25T02:30:00Z');
    expect(dayIn('UTC', late)).toBe('2026-11-25');
    expect(dayIn('America/Santiago', late)).toBe('2026-11-24');
    expect(dayIn('Asia/Tokyo', new Date('2026-11-25T16:00:00Z'))).toBe('2026-11-26');
  });
  it('falls back to UTC for an unknown zone', () => {
    expect(dayIn('Not/AZone', new Date('2026-11-25T02:30:00Z'))).toBe('2026-11-25');
  });
  it('adds days across month ends', () => {
    expect(addDays('2026-11-28', 6)).toBe('2026-12-04');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
