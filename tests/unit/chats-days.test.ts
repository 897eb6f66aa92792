import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, formatActivity, formatTime, groupByDay } from '@/components/chats/days';

describe('chat days and times', () => {
  it('reads the calendar day in the viewer time zone', () => {
    const iso = '2025-03-10T02:30:00.000Z';
    expect(dayKey(iso, 'UTC')).toBe('2025-03-10');
    expect(dayKey(iso, 'America/Santiago')).toBe('2025-03-09');
    expect(dayKey(iso, 'Asia/Tokyo')).toBe('2025-03-10');
  });

  it('groups consecutive messages by their day in the zone, not in UTC', () => {
    const at = (createdAt: string, id: string) => ({ id, createdAt });
    const items = [at('2025-03-09T20:00:00Z', 'a'), at('2025-03-10T02:00:00Z', 'b'), at('2025-03-10T04:00:00Z', 'c'), at('2025-03-10T13:00:00Z', 'd')];
    const groups = groupByDay(items, 'America/Santiago');
    expect(groups.map((g) => [g.day, g.items.map((i) => i.id)])).toEqual([
      ['2025-03-09', ['a', 'b']],
      ['2025-03-10', ['c', 'd']],
    ]);
    expect(groupByDay(items, 'UTC').map((g) => g.items.length)).toEqual([1, 3]);
    expect(groupByDay([], 'UTC')).toEqual([]);
  });

  it('names today and yesterday, across a month end, and writes other days out', () => {
    expect(dayLabel('2025-03-01', '2025-03-01', 'en')).toEqual({ relative: 'today' });
    expect(dayLabel('2025-02-28', '2025-03-01', 'en')).toEqual({ relative: 'yesterday' });
    expect(dayLabel('2025-02-27', '2025-03-01', 'en')).toEqual({ date: 'Thursday, February 27, 2025' });
    expect(dayLabel('2025-02-27', '2025-03-01', 'es')).toEqual({ date: 'jueves, 27 de febrero de 2025' });
  });

  it('prints 24-hour times in the zone', () => {
    expect(formatTime('2025-03-09T21:05:07Z', 'en', 'America/Santiago')).toBe('18:05');
    expect(formatTime('2025-03-09T21:05:07Z', 'en', 'Not/AZone')).toMatch(/^\d\d:\d\d$/);
  });

  it('shows the time for activity today and the date before', () => {
    const now = Date.parse('2025-03-10T15:00:00Z');
    expect(formatActivity('2025-03-10T12:00:00Z', now, 'en', 'UTC')).toBe('12:00');
    expect(formatActivity('2025-03-08T12:00:00Z', now, 'en', 'UTC')).toBe('Mar 8');
  });
});
