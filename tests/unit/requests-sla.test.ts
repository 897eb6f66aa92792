import { describe, expect, it } from 'vitest';
import { DEFAULT_SLA, REQUEST_STATUSES, TRANSITIONS } from '@/lib/requests/limits';
import { listQuerySchema, requestPatchSchema, slaSchema } from '@/lib/requests/schemas';
import { dueTimes, remaining, shortDuration, slaState } from '@/lib/requests/sla';

describe('request SLA arithmetic', () => {
  it('counts down, then shows how far overdue, and stops once met', () => {
    const opened = new Date('2026-03-01T08:00:00Z');
    const { firstResponseDueAt } = dueTimes(opened, 'high', DEFAULT_SLA);
    const open = slaState(firstResponseDueAt, null, opened);
    expect(remaining(open, opened.getTime())).toBe(2 * 3_600_000);
    expect(shortDuration(remaining(open, opened.getTime() + 5 * 60_000)!)).toBe('1h 55m');
    expect(shortDuration(-(26 * 3_600_000))).toBe('1d 2h');
    expect(shortDuration(45 * 60_000)).toBe('45m');
    const met = slaState(firstResponseDueAt, new Date('2026-03-01T09:00:00Z'));
    expect(met.breached).toBe(false);
    expect(remaining(met, Date.now())).toBeNull();
    expect(slaState(null, null).breached).toBe(false);
  });
});

describe('request statuses', () => {
  it('closed is final and every other status can reach it', () => {
    expect(TRANSITIONS.closed).toEqual([]);
    for (const s of REQUEST_STATUSES.filter((x) => x !== 'closed')) expect(TRANSITIONS[s]).toContain('closed');
    expect(TRANSITIONS.resolved).not.toContain('pending');
  });
});

describe('request schemas', () => {
  it('list queries take defaults and refuse unknown values', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ view: 'all', sort: 'updated', dir: 'desc', page: 1, size: 20, q: '' });
    expect(listQuerySchema.safeParse({ sort: 'evil' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ size: '101' }).success).toBe(false);
  });

  it('tags are lower-cased, kept once and limited', () => {
    expect(requestPatchSchema.parse({ tags: ['Billing', 'billing', 'vip'] }).tags).toEqual(['billing', 'vip']);
    expect(requestPatchSchema.safeParse({ tags: ['no spaces'] }).success).toBe(false);
    expect(requestPatchSchema.safeParse({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }).success).toBe(false);
  });

  it('SLA targets are whole minutes within bounds', () => {
    const t = { firstResponse: 30, resolution: 240 };
    expect(slaSchema.safeParse({ low: t, normal: t, high: t, urgent: t }).success).toBe(true);
    expect(slaSchema.safeParse({ low: t, normal: t, high: t, urgent: { ...t, firstResponse: 0 } }).success).toBe(false);
    expect(slaSchema.safeParse({ low: t, normal: t, high: t, urgent: { ...t, resolution: 1.5 } }).success).toBe(false);
  });
});
