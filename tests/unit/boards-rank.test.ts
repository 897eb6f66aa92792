import { describe, expect, it } from 'vitest';
import { isRank, rankBetween, spreadRanks } from '@/lib/boards/rank';

describe('fractional ranks', () => {
  it('always finds a key strictly between two others, without a trailing zero', () => {
    expect(rankBetween(null, null)).toBe('V');
    expect(rankBetween('A', 'B')).toBe('AV');
    expect(rankBetween('A', 'A1')).toBe('A0V');
    expect(rankBetween(null, '1')).toBe('0V');
    expect(() => rankBetween('B', 'A')).toThrow();
    expect(() => rankBetween('A', 'A')).toThrow();
  });

  it('keeps a strict order through thousands of random insertions (byte order, as COLLATE "C")', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const list: string[] = [];
    for (let i = 0; i < 3000; i += 1) {
      const at = Math.floor(random() * (list.length + 1));
      const rank = rankBetween(at > 0 ? list[at - 1] : null, at < list.length ? list[at] : null);
      expect(isRank(rank)).toBe(true);
      list.splice(at, 0, rank);
    }
    for (let i = 1; i < list.length; i += 1) expect(list[i - 1] < list[i]).toBe(true);
  });

  it('spreads ranks evenly for seeding', () => {
    const ranks = spreadRanks(1000);
    expect(new Set(ranks).size).toBe(1000);
    for (let i = 1; i < ranks.length; i += 1) expect(ranks[i - 1] < ranks[i]).toBe(true);
    expect(ranks.every(isRank)).toBe(true);
  });
});
