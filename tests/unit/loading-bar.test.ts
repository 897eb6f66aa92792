import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, LOADING_BAR } from '@/lib/shell/loading-bar';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watched() {
  const bar = createLoadingBar();
  const seen: boolean[] = [];
  bar.store.subscribe(() => seen.push(bar.store.get().visible));
  return { bar, everVisible: () => seen.includes(true) };
}

describe('createLoadingBar', () => {
  it('uses the documented timings', () => {
    expect(LOADING_BAR).toEqual({ throttle: 200, duration: 2000, hideDelay: 500, resetDelay: 400 });
  });

  it('starts hidden and idle', () => {
    expect(createLoadingBar().store.get()).toEqual({ visible: false, progress: 0, active: false });
  });

  it('a navigation finishing before 200 ms never shows the bar', () => {
    const { bar, everVisible } = watched();
    bar.start();
    expect(bar.store.get()).toEqual({ visible: false, progress: 0, active: true });
    vi.advanceTimersByTime(199);
    bar.done();
    expect(bar.store.get()).toEqual({ visible: false, progress: 0, active: false });
    vi.advanceTimersByTime(5000);
    expect(everVisible()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after 200 ms it is visible at 90%', () => {
    const { bar } = watched();
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.store.get().visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(bar.store.get()).toEqual({ visible: true, progress: 90, active: true });
  });

  it('done() fills to 100, hides 500 ms later, and resets progress 400 ms after hiding', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(300);
    bar.done();
    expect(bar.store.get()).toEqual({ visible: true, progress: 100, active: false });
    vi.advanceTimersByTime(499);
    expect(bar.store.get().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.store.get()).toEqual({ visible: false, progress: 100, active: false });
    vi.advanceTimersByTime(399);
    expect(bar.store.get().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.store.get()).toEqual({ visible: false, progress: 0, active: false });
  });

  it('start while active is a no-op (does not restart the throttle)', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(150);
    bar.start();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50);
    expect(bar.store.get()).toEqual({ visible: true, progress: 90, active: true });
    bar.start();
    expect(bar.store.get()).toEqual({ visible: true, progress: 90, active: true });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('done() while idle changes nothing', () => {
    const bar = createLoadingBar();
    const listener = vi.fn();
    bar.store.subscribe(listener);
    bar.done();
    expect(listener).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a new start during the hide delay cancels the pending hide and reset', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(200);
    bar.done();
    vi.advanceTimersByTime(100);
    bar.start();
    vi.advanceTimersByTime(1000);
    expect(bar.store.get()).toEqual({ visible: true, progress: 90, active: true });
    bar.done();
    vi.advanceTimersByTime(900);
    expect(bar.store.get()).toEqual({ visible: false, progress: 0, active: false });
  });

  it('a new start after hiding but before the reset cancels the reset', () => {
    const bar = createLoadingBar();
    bar.start();
    vi.advanceTimersByTime(200);
    bar.done();
    vi.advanceTimersByTime(600); // hidden, reset pending at t=1100
    bar.start();
    vi.advanceTimersByTime(150); // past the old reset time, still throttled
    expect(bar.store.get()).toEqual({ visible: false, progress: 100, active: true });
    vi.advanceTimersByTime(50);
    expect(bar.store.get()).toEqual({ visible: true, progress: 90, active: true });
  });

  it('accepts custom timings', () => {
    const bar = createLoadingBar({ throttle: 10, duration: 100, hideDelay: 20, resetDelay: 30 });
    bar.start();
    vi.advanceTimersByTime(10);
    expect(bar.store.get().visible).toBe(true);
    bar.done();
    vi.advanceTimersByTime(20);
    expect(bar.store.get().visible).toBe(false);
    vi.advanceTimersByTime(30);
    expect(bar.store.get().progress).toBe(0);
  });
});
