import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskHasRoom, freeBytes, MIN_FREE_BYTES } from '@/lib/ops/disk';

describe('the data directory’s disk', () => {
  it('counts the bytes an unprivileged writer may still use, from the nearest folder that exists', () => {
    const free = freeBytes(tmpdir());
    expect(free).toBeGreaterThan(0);
    expect(freeBytes(path.join(tmpdir(), 'not-created-yet', 'data'))).toEqual(expect.any(Number));
  });

  it('has room only above the threshold', () => {
    expect(MIN_FREE_BYTES).toBe(64 * 1024 * 1024);
    expect(diskHasRoom(tmpdir(), 0)).toBe(true);
    expect(diskHasRoom(tmpdir(), Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});
