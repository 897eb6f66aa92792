import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_TIMEOUT_MS, createAlerts } from '@/lib/shell/alerts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const titles = (a: ReturnType<typeof createAlerts>) => a.store.get().map((x) => x.title);

describe('createAlerts', () => {
  it('pushes alerts with a default flat variant and keeps their fields', () => {
    const a = createAlerts();
    const id = a.push({ type: 'error', title: 'Oops', text: 'details' });
    expect(a.store.get()).toHaveLength(1);
    expect(a.store.get()[0]).toMatchObject({ id, type: 'error', title: 'Oops', text: 'details', variant: 'flat' });
    a.push({ type: 'info', variant: 'outlined' });
    expect(a.store.get()[1].variant).toBe('outlined');
  });

  it('closes the first alert after 3000 ms by default', () => {
    expect(ALERT_TIMEOUT_MS).toBe(3000);
    const a = createAlerts();
    a.push({ type: 'info', title: 'A' });
    vi.advanceTimersByTime(2999);
    expect(titles(a)).toEqual(['A']);
    vi.advanceTimersByTime(1);
    expect(titles(a)).toEqual([]);
  });

  it('only the first alert has a timer; the next starts its own after the first goes', () => {
    const a = createAlerts();
    a.push({ type: 'info', title: 'A' });
    vi.advanceTimersByTime(1000);
    a.push({ type: 'info', title: 'B' });
    expect(a.store.get()[0].timer).toBeDefined();
    expect(a.store.get()[1].timer).toBeUndefined();
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(2000); // A closes at t=3000
    expect(titles(a)).toEqual(['B']);
    expect(a.store.get()[0].timer).toBeDefined();

    vi.advanceTimersByTime(2999); // B was armed at t=3000, not at t=1000
    expect(titles(a)).toEqual(['B']);
    vi.advanceTimersByTime(1);
    expect(titles(a)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('honours a custom timeout, for the first alert and for a queued one', () => {
    const a = createAlerts();
    a.push({ type: 'success', title: 'A', timeout: 500 });
    a.push({ type: 'success', title: 'B', timeout: 10_000 });
    a.push({ type: 'success', title: 'C' });
    vi.advanceTimersByTime(499);
    expect(titles(a)).toEqual(['A', 'B', 'C']);
    vi.advanceTimersByTime(1);
    expect(titles(a)).toEqual(['B', 'C']);
    vi.advanceTimersByTime(9_999);
    expect(titles(a)).toEqual(['B', 'C']);
    vi.advanceTimersByTime(1);
    expect(titles(a)).toEqual(['C']);
    vi.advanceTimersByTime(3000);
    expect(titles(a)).toEqual([]);
  });

  it('closing the first by id removes it, cancels its timer and arms the next', () => {
    const a = createAlerts();
    const first = a.push({ type: 'warning', title: 'A' });
    a.push({ type: 'warning', title: 'B' });
    vi.advanceTimersByTime(1000);
    a.close(first);
    expect(titles(a)).toEqual(['B']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(2999); // B armed at t=1000
    expect(titles(a)).toEqual(['B']);
    vi.advanceTimersByTime(1);
    expect(titles(a)).toEqual([]);
  });

  it('closing a queued alert leaves the first one and its timer alone', () => {
    const a = createAlerts();
    a.push({ type: 'info', title: 'A' });
    const b = a.push({ type: 'info', title: 'B' });
    a.push({ type: 'info', title: 'C' });
    vi.advanceTimersByTime(1000);
    a.close(b);
    expect(titles(a)).toEqual(['A', 'C']);
    vi.advanceTimersByTime(2000);
    expect(titles(a)).toEqual(['C']);
    a.close('no-such-id');
    expect(titles(a)).toEqual(['C']);
  });

  it('gives every alert a unique id', () => {
    const a = createAlerts();
    const ids = Array.from({ length: 200 }, () => a.push({ type: 'info' }));
    expect(new Set(ids).size).toBe(200);
    expect(a.store.get().map((x) => x.id)).toEqual(ids);
  });

  it('clear empties the list and cancels pending timers; pushing again re-arms', () => {
    const a = createAlerts();
    a.push({ type: 'info', title: 'A' });
    a.push({ type: 'info', title: 'B' });
    a.clear();
    expect(a.store.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    a.push({ type: 'info', title: 'C' });
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(3000);
    expect(titles(a)).toEqual([]);
  });

  it('notifies subscribers on each change', () => {
    const a = createAlerts();
    const listener = vi.fn();
    a.store.subscribe(listener);
    a.push({ type: 'info' });
    const afterPush = listener.mock.calls.length;
    expect(afterPush).toBeGreaterThan(0);
    vi.advanceTimersByTime(3000);
    expect(listener.mock.calls.length).toBeGreaterThan(afterPush);
  });
});
