import { describe, expect, it } from 'vitest';
import { formatZoned, fromZonedInput, toZonedInput } from '@/lib/blog/zoned';

describe('blog schedule on the project clock', () => {
  it('reads a wall-clock time in the project zone, across a DST change', () => {
    expect(fromZonedInput('2026-01-15T09:30', 'America/New_York')).toBe('2026-01-15T14:30:00.000Z');
    expect(fromZonedInput('2026-07-15T09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
    expect(fromZonedInput('2026-03-29T12:00', 'Europe/Madrid')).toBe('2026-03-29T10:00:00.000Z');
    expect(fromZonedInput('2026-05-01T00:00', 'UTC')).toBe('2026-05-01T00:00:00.000Z');
    expect(fromZonedInput('', 'UTC')).toBeNull();
  });

  it('shows an instant on the project clock and round-trips', () => {
    expect(toZonedInput('2026-07-15T13:30:00.000Z', 'America/New_York')).toBe('2026-07-15T09:30');
    expect(toZonedInput(null, 'UTC')).toBe('');
    const local = '2026-11-01T08:15';
    expect(toZonedInput(fromZonedInput(local, 'Asia/Kolkata'), 'Asia/Kolkata')).toBe(local);
    expect(formatZoned('2026-07-15T23:30:00Z', 'Asia/Tokyo', 'en', false)).toBe('Jul 16, 2026');
  });
});
