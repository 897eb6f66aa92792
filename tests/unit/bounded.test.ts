import { describe, expect, it } from 'vitest';
import { setBounded } from '@/lib/ops/bounded';

describe('setBounded', () => {
  it('drops the oldest entry once the map is full', () => {
    const map = new Map<string, number>();
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries()) setBounded(map, 3, key, i);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
  });

  it('moves a key set again to the newest place without pushing another out', () => {
    const map = new Map<string, number>([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    setBounded(map, 3, 'a', 10);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
      ['a', 10],
    ]);
    setBounded(map, 3, 'd', 4);
    expect([...map.keys()]).toEqual(['c', 'a', 'd']);
  });
});
