import { describe, expect, it } from 'vitest';
import { fitImage } from '@/components/chats/image-fit';

describe('inline image box', () => {
  it('scales a large image down to the box, keeping its proportions', () => {
    expect(fitImage(1600, 1200, 320, 240)).toEqual({ width: 320, height: 240 });
    expect(fitImage(1000, 2000, 320, 240)).toEqual({ width: 120, height: 240 });
    expect(fitImage(3000, 100, 320, 240)).toEqual({ width: 320, height: 11 });
  });

  it('never enlarges a small image', () => {
    expect(fitImage(100, 50, 320, 240)).toEqual({ width: 100, height: 50 });
  });

  it('has no box without both dimensions', () => {
    expect(fitImage(undefined, 100, 320, 240)).toBeNull();
    expect(fitImage(100, 0, 320, 240)).toBeNull();
  });

  it('keeps at least one pixel for extreme shapes', () => {
    expect(fitImage(100_000, 1, 320, 240)).toEqual({ width: 320, height: 1 });
  });
});
