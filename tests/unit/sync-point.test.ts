import { describe, expect, it } from 'vitest';
import { createSyncPoint } from '@/lib/db/sync-point';

// A channel whose notifications come back only when the test says so, and a clock it sets.
function channel() {
  const sent: string[] = [];
  let clock = 0;
  const point = createSyncPoint(
    'y:me:',
    async (id) => void sent.push(id),
    () => clock,
  );
  return {
    point,
    sent,
    at: (t: number) => void (clock = t),
    turn: () => new Promise((resolve) => setImmediate(resolve)),
  };
}

const state = (p: Promise<void>) =>
  Promise.race([
    p.then(
      () => 'heard',
      () => 'failed',
    ),
    new Promise((r) => setImmediate(() => r('waiting'))),
  ]);

describe('the sync point', () => {
  it('holds a read until a marker sent after it arrived is heard', async () => {
    const c = channel();
    c.at(10);
    const wait = c.point.after(5)!;
    expect(wait).toBeInstanceOf(Promise);
    await c.turn();
    expect(c.sent).toEqual(['y:me:1']);
    expect(await state(wait)).toBe('waiting');
    expect(c.point.heard('y:me:1')).toBe(true);
    expect(await state(wait)).toBe('heard');
    // Covered now: arrived at 5, the marker heard was sent at 10.
    expect(c.point.after(10)).toBeNull();
  });

  it('shares one marker among the requests of a turn, and never lets an earlier marker answer a later request', async () => {
    const c = channel();
    c.at(10);
    const a = c.point.after(1)!;
    const b = c.point.after(2)!;
    expect(b).toBe(a);
    await c.turn();
    expect(c.sent).toHaveLength(1);
    // Arrived at 11, after the marker in flight was sent at 10: it needs the next one.
    c.at(20);
    const later = c.point.after(11)!;
    expect(later).not.toBe(a);
    await c.turn();
    expect(c.sent).toEqual(['y:me:1', 'y:me:2']);
    c.point.heard('y:me:1');
    expect(await state(a)).toBe('heard');
    expect(await state(later)).toBe('waiting');
    expect(c.point.after(11)).not.toBeNull();
    c.point.heard('y:me:2');
    expect(await state(later)).toBe('heard');
  });

  it('counts a later marker heard as covering earlier ones (notifications come in commit order)', async () => {
    const c = channel();
    c.at(10);
    const first = c.point.after(1)!;
    await c.turn();
    c.at(20);
    const second = c.point.after(15)!;
    await c.turn();
    c.point.heard('y:me:2');
    expect(await state(first)).toBe('heard');
    expect(await state(second)).toBe('heard');
  });

  it("ignores other instances' markers and fails its waiters when the connection drops", async () => {
    const c = channel();
    c.at(10);
    const wait = c.point.after(1)!;
    await c.turn();
    expect(c.point.heard('y:other:1')).toBe(false);
    expect(c.point.heard('u:someone')).toBe(false);
    expect(await state(wait)).toBe('waiting');
    c.point.fail();
    expect(await state(wait)).toBe('failed');
    // Nothing was heard: a read arriving at 1 is still not covered.
    expect(c.point.after(1)).not.toBeNull();
  });

  it('fails a waiter whose marker could not be sent', async () => {
    const point = createSyncPoint('y:me:', async () => {
      throw new Error('down');
    });
    const wait = point.after(performance.now())!;
    expect(
      await new Promise((resolve) =>
        wait.then(
          () => resolve('heard'),
          () => resolve('failed'),
        ),
      ),
    ).toBe('failed');
  });
});
