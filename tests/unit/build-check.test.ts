import { describe, expect, it } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS, isNewBuild, RELOAD_GUARD_MS, RELOAD_KEY, reloadAllowed } from '@/lib/shell/build-check';

describe('build-check constants', () => {
  it('checks hourly and guards reloads for 10 s', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(BUILD_CHECK_INTERVAL_MS).toBe(60 * 60 * 1000);
    expect(RELOAD_GUARD_MS).toBe(10_000);
    expect(RELOAD_KEY).toBe('atrio:reloaded-at');
  });
});

describe('isNewBuild', () => {
  it('is true only when both ids are known and differ', () => {
    expect(isNewBuild('b2', 'b1')).toBe(true);
    expect(isNewBuild('b1', 'b1')).toBe(false);
  });

  it.each([
    [undefined, 'b1'],
    [null, 'b1'],
    [42, 'b1'],
    [{ id: 'b2' }, 'b1'],
    ['b2', undefined],
    ['b2', ''],
  ])('is false for server %j / client %j', (server, client) => {
    expect(isNewBuild(server, client)).toBe(false);
  });
});

describe('reloadAllowed', () => {
  it('allows the first reload', () => {
    expect(reloadAllowed(null, 0)).toBe(true);
    expect(reloadAllowed(null, 1_700_000_000_000)).toBe(true);
  });

  it('refuses a reload within 10 s of the last one', () => {
    const last = 1_700_000_000_000;
    expect(reloadAllowed(last, last)).toBe(false);
    expect(reloadAllowed(last, last + 9_999)).toBe(false);
    expect(reloadAllowed(last, last + 10_000)).toBe(true);
    expect(reloadAllowed(last, last + 3_600_000)).toBe(true);
  });

  it('treats a last reload at time 0 as a real timestamp, not as "never"', () => {
    expect(reloadAllowed(0, 5_000)).toBe(false);
  });
});
