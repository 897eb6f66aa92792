import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReadMarker, READ_DELAY_MS, READ_EVERY_MS } from '@/components/chats/read-marker';

// The read mark of an open conversation: once things settle, then at most every few seconds
// while messages stream in, and at once when the reader leaves.

let sent: [number, boolean][];
let reading: boolean;
const marker = () => createReadMarker({ send: (seq, leaving) => sent.push([seq, leaving]), reading: () => reading });

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  reading = true;
});
afterEach(() => vi.useRealTimers());

describe('read marker', () => {
  it('sends the newest seen seq once things settle', () => {
    const m = marker();
    m.seen(5);
    m.seen(6);
    vi.advanceTimersByTime(READ_DELAY_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([[6, false]]);
  });

  it('while a message arrives every 20 ms, sends one mark per interval, not one per message', () => {
    const m = marker();
    for (let seq = 1; seq <= 500; seq += 1) {
      m.seen(seq);
      vi.advanceTimersByTime(20);
    }
    // 10 s of messages: the first mark after the settle delay, then one every interval.
    expect(sent.length).toBeLessThanOrEqual(Math.ceil(10_000 / READ_EVERY_MS) + 1);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    const times = sent.map(([seq]) => seq);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    vi.advanceTimersByTime(READ_EVERY_MS);
    expect(sent[sent.length - 1]).toEqual([500, false]);
  });

  it('leaving sends what was on screen at once, as a request that outlives the page, and only once', () => {
    const m = marker();
    m.seen(9);
    m.flush(true);
    expect(sent).toEqual([[9, true]]);
    m.flush(true);
    vi.advanceTimersByTime(READ_EVERY_MS * 2);
    expect(sent).toEqual([[9, true]]);
  });

  it('sends nothing while the reader cannot see the conversation, and catches up when they can', () => {
    const m = marker();
    reading = false;
    m.seen(3);
    vi.advanceTimersByTime(READ_EVERY_MS * 2);
    expect(sent).toEqual([]);
    reading = true;
    m.flush();
    expect(sent).toEqual([[3, false]]);
  });

  it('never moves the mark back', () => {
    const m = marker();
    m.seen(10);
    m.flush();
    m.seen(4);
    vi.advanceTimersByTime(READ_EVERY_MS * 2);
    expect(sent).toEqual([[10, false]]);
  });
});
