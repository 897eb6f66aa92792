import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { exposeGc, startIdleCollector } from '@/lib/ops/idle-gc';

describe('the idle collector', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('collects once after traffic stops, never during it, and again after the next burst', () => {
    const collect = vi.fn();
    const collector = startIdleCollector({ quietMs: 1000, collect });
    // Quiet from the start: nothing was allocated for requests, nothing to give back.
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    for (let second = 0; second < 5; second += 1) {
      collector.touch();
      vi.advanceTimersByTime(1000);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    collector.touch();
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(2);
    collector.stop();
  });

  it('reaches V8’s own full collection without a command-line flag', () => {
    vi.useRealTimers();
    const gc = exposeGc();
    let garbage: number[][] | null = Array.from({ length: 200 }, () => Array.from({ length: 20_000 }, (_, i) => i + 0.5));
    const held = getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(200);
    garbage = null;
    gc();
    expect(getHeapStatistics().used_heap_size).toBeLessThan(held - 20_000_000);
  });
});
