import { describe, expect, it } from 'vitest';
import { POLL_CAP_MS, POLL_FIRST_MS, POLL_MAX_TRIES, previewPollDelay } from '@/lib/photomagik/polling';
import type { StyleView } from '@/lib/photomagik/schemas';

const style = (previewUrl: string | null): StyleView => ({
  id: 'x',
  name: 'x',
  promptTemplate: '{prompt}',
  negativePrompt: '',
  previewUrl,
  categoryId: null,
  enabled: true,
  position: 0,
});

describe('previewPollDelay', () => {
  it('does not poll when no preview is pending (or before data)', () => {
    expect(previewPollDelay(undefined, 0)).toBe(false);
    expect(previewPollDelay([], 0)).toBe(false);
    expect(previewPollDelay([style('/photomagik/a.webp')], 0)).toBe(false);
  });

  it('backs off from the first delay, caps the wait and gives up after the last try', () => {
    const pending = [style('/photomagik/a.webp'), style(null)];
    const delays = Array.from({ length: POLL_MAX_TRIES + 2 }, (_, i) => previewPollDelay(pending, i));
    expect(delays[0]).toBe(POLL_FIRST_MS);
    expect(delays[1]).toBe(POLL_FIRST_MS * 2);
    expect(delays[2]).toBe(POLL_FIRST_MS * 4);
    const numbers = delays.filter((d): d is number => d !== false);
    expect(numbers).toHaveLength(POLL_MAX_TRIES);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBeGreaterThanOrEqual(numbers[i - 1]);
    expect(Math.max(...numbers)).toBe(POLL_CAP_MS);
    expect(delays[POLL_MAX_TRIES]).toBe(false);
    expect(delays[POLL_MAX_TRIES + 1]).toBe(false);
  });
});
