import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { handleMessage, MAX_FRAME_BYTES, WS_PATH } from '@/lib/realtime/server';

function stubWs(readyState = 1) {
  const send = vi.fn<(data: string) => void>();
  const ws = { readyState, OPEN: 1, send } as unknown as WebSocket;
  const replies = () => send.mock.calls.map(([data]) => JSON.parse(data) as Record<string, any>);
  return { ws, send, replies };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-02T03:04:05.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime constants', () => {
  it('serves /ws/v1 with a 64 KiB frame limit', () => {
    expect(WS_PATH).toBe('/ws/v1');
    expect(MAX_FRAME_BYTES).toBe(65_536);
  });
});

describe('handleMessage', () => {
  it('answers app:ping echoing __ts with the server time', () => {
    const { ws, send, replies } = stubWs();
    handleMessage(ws, JSON.stringify({ __ts: 123, e: 'app:ping' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(replies()[0]).toEqual({ __ts: 123, e: 'app:ping', d: { t: Date.parse('2025-01-02T03:04:05.000Z') } });
  });

  it('echoes any __ts value, and omits it when absent', () => {
    const { ws, replies } = stubWs();
    handleMessage(ws, JSON.stringify({ __ts: 'abc', e: 'app:ping' }));
    handleMessage(ws, JSON.stringify({ e: 'app:ping' }));
    expect(replies()[0].__ts).toBe('abc');
    expect(replies()[1]).not.toHaveProperty('__ts');
    expect(replies()[1].e).toBe('app:ping');
  });

  it.each(['not json', '{', '', "{'e':'app:ping'}"])('replies with an error to invalid JSON %j', (raw) => {
    const { ws, send, replies } = stubWs();
    handleMessage(ws, raw);
    expect(send).toHaveBeenCalledTimes(1);
    expect(replies()[0]).toEqual({ error: { message: 'Invalid JSON' } });
  });

  it('replies to an unknown event with __ts and an error naming the event', () => {
    const { ws, replies } = stubWs();
    handleMessage(ws, JSON.stringify({ __ts: 7, e: 'rooms:join', d: { id: 1 } }));
    expect(replies()[0]).toEqual({ __ts: 7, error: { message: 'Unknown event: rooms:join' } });
  });

  it('treats a message without an event as unknown', () => {
    const { ws, replies } = stubWs();
    handleMessage(ws, JSON.stringify({ __ts: 8 }));
    expect(replies()[0]).toEqual({ __ts: 8, error: { message: 'Unknown event: undefined' } });
  });

  it('does not send to a socket that is not open', () => {
    const { ws, send } = stubWs(3);
    handleMessage(ws, JSON.stringify({ __ts: 1, e: 'app:ping' }));
    handleMessage(ws, 'garbage');
    expect(send).not.toHaveBeenCalled();
  });

  it('handles JSON primitives other than null without throwing', () => {
    const { ws, replies } = stubWs();
    expect(() => handleMessage(ws, '42')).not.toThrow();
    expect(() => handleMessage(ws, '"app:ping"')).not.toThrow();
    expect(replies().map((r) => r.error?.message)).toEqual(['Expected a JSON object', 'Expected a JSON object']);
  });

  // Regression: JSON.parse('null') is null; reading `__ts` of it used to crash the server.
  it('a "null" frame gets an error reply instead of throwing', () => {
    const { ws, send } = stubWs();
    expect(() => handleMessage(ws, 'null')).not.toThrow();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
