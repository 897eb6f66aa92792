import { describe, expect, it } from 'vitest';
import { overlay, withOverlay } from '@/lib/shell/overlay';

describe('blocking overlay', () => {
  it('starts off and stays up until the last overlapping piece of work ends', async () => {
    expect(overlay.get()).toBe(0);
    let finishA!: () => void;
    let finishB!: () => void;
    const a = withOverlay(() => new Promise<void>((r) => (finishA = r)));
    const b = withOverlay(() => new Promise<void>((r) => (finishB = r)));
    expect(overlay.get()).toBe(2);
    finishA();
    await a;
    expect(overlay.get()).toBe(1);
    finishB();
    await b;
    expect(overlay.get()).toBe(0);
  });

  it('comes down when the work fails, and passes the failure on', async () => {
    await expect(withOverlay(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(overlay.get()).toBe(0);
  });
});
