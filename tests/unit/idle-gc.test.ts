import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { exposeGc, startIdleCollector } from '@/lib/ops/idle-gc';

describe('the idle collector', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('collects between one and 4/3 quiet periods after traffic stops, once more a tick later, never during it', () => {
    const collect = vi.fn();
    // Checks every 300 ms.
    const collector = startIdleCollector({ quietMs: 900, collect });
    // Quiet from the start: nothing was allocated for requests, nothing to give back.
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    // Requests 500 ms apart: never quiet for 900 ms.
    for (let i = 0; i < 10; i += 1) {
      collector.touch();
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    // Calls seen after each step of quiet since the last request.
    const quiet = (steps: [ms: number, calls: number][]) => {
      for (const [ms, calls] of steps) {
        vi.advanceTimersByTime(ms);
        expect(collect).toHaveBeenCalledTimes(calls);
      }
    };
    // The last request was 500 ms ago: the first collection comes after 900 ms of quiet, by 1,200.
    quiet([
      [399, 0],
      [301, 1],
      [300, 2],
      [10_000, 2],
    ]);
    // The next burst, one request: the same again.
    collector.touch();
    quiet([
      [900, 2],
      [300, 3],
      [300, 4],
      [10_000, 4],
    ]);
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
