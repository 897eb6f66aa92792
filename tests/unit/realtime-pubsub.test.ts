import { describe, expect, it } from 'vitest';
import { memoryPubSub, packPayloads } from '@/lib/realtime/pubsub';

// Events published together share PostgreSQL notifications: as many as fit under the
// payload limit, in order, each notification a JSON array the listener reads back.

describe('packPayloads', () => {
  const piece = (i: number, size: number) => JSON.stringify({ e: 'x', d: `${i}`.padEnd(size, '.') });

  it('puts pieces that fit together in one payload, in order', () => {
    const pieces = [piece(1, 10), piece(2, 10), piece(3, 10)];
    const payloads = packPayloads(pieces, 7900);
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0])).toEqual(pieces.map((p) => JSON.parse(p)));
  });

  it('starts a new payload before one would pass the limit, never splitting a piece', () => {
    const pieces = Array.from({ length: 30 }, (_, i) => piece(i, 1000));
    const payloads = packPayloads(pieces, 7900);
    expect(payloads.length).toBeGreaterThan(3);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900);
    expect(payloads.flatMap((p) => JSON.parse(p) as unknown[])).toEqual(pieces.map((p) => JSON.parse(p)));
  });

  it('counts bytes, not characters', () => {
    const wide = JSON.stringify({ d: 'é'.repeat(1000) });
    const payloads = packPayloads([wide, wide, wide, wide], 4500);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(4500);
    expect(payloads).toHaveLength(2);
  });

  it('gives nothing for nothing', () => {
    expect(packPayloads([])).toEqual([]);
  });
});

// A bus in one process is told when events are on their way, so the hub can hold its writes
// for them; it stops awaiting them a turn after the work that publishes them ends.
describe('memoryPubSub awaiting', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('awaits from expect until a turn after every release, each release counted once', async () => {
    const bus = memoryPubSub();
    expect(bus.awaiting?.()).toBe(false);
    const first = bus.expect!();
    const second = bus.expect!();
    expect(bus.awaiting?.()).toBe(true);
    first();
    first();
    await turn();
    expect(bus.awaiting?.()).toBe(true);
    second();
    // Still awaiting in the turn of the release: its publishing follows in the microtasks.
    expect(bus.awaiting?.()).toBe(true);
    await turn();
    expect(bus.awaiting?.()).toBe(false);
  });
});
