import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSeconds } from '@/lib/format';
import { createCountdown } from '@/lib/forms/countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('countdown', () => {
  it('counts down each second to 0 and stops there', () => {
    const c = createCountdown();
    c.start(3);
    expect(c.store.get()).toBe(3);
    vi.advanceTimersByTime(999);
    expect(c.store.get()).toBe(3);
    vi.advanceTimersByTime(1);
    expect(c.store.get()).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(c.store.get()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(c.store.get()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a new start replaces the running count; junk starts nothing', () => {
    const c = createCountdown();
    c.start(10);
    vi.advanceTimersByTime(3000);
    c.start(5);
    expect(c.store.get()).toBe(5);
    vi.advanceTimersByTime(1000);
    expect(c.store.get()).toBe(4);
    c.start(Number.NaN);
    expect(c.store.get()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rounds fractional seconds up so the button never frees early', () => {
    const c = createCountdown();
    c.start(1.2);
    expect(c.store.get()).toBe(2);
  });

  it('formats seconds as mm:ss', () => {
    expect(formatSeconds(0)).toBe('00:00');
    expect(formatSeconds(59)).toBe('00:59');
    expect(formatSeconds(60)).toBe('01:00');
    expect(formatSeconds(605)).toBe('10:05');
    expect(formatSeconds(-3)).toBe('00:00');
  });
});
