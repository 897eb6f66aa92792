import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { jsonFrame, textFrame } from '@/lib/realtime/frame';

// The fan-out frames an event once and writes those bytes to every socket: what a browser's
// WebSocket reads must be exactly the message, whatever its length. ws's own client-side
// parser reads them here.

type Receiver = NodeJS.WritableStream & { on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): Receiver };
const { Receiver: WsReceiver } = createRequire(import.meta.url)('ws') as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => Receiver };

function read(bytes: Buffer): Promise<{ text: string; binary: boolean }[]> {
  const receiver = new WsReceiver({ isServer: false, maxPayload: 0 });
  const got: { text: string; binary: boolean }[] = [];
  receiver.on('message', (data, isBinary) => got.push({ text: data.toString('utf8'), binary: isBinary }));
  return new Promise((resolve, reject) => {
    receiver.on('error', reject);
    receiver.write(bytes, () => setImmediate(() => resolve(got)));
  });
}

describe('textFrame', () => {
  // Each side of the two boundaries where the length field grows (7 bits, 16 bits, 64 bits).
  it.each([0, 1, 125, 126, 65_535, 65_536, 200_000])('frames a %i-byte text message as ws reads it', async (length) => {
    const text = 'é'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2);
    const frame = textFrame(Buffer.from(text));
    expect(Buffer.byteLength(text)).toBe(length);
    expect(await read(frame)).toEqual([{ text, binary: false }]);
  });

  it('gives frames that can be joined and read back one by one', async () => {
    const messages = [
      { e: 'a', d: 1 },
      { e: 'b', d: 'x'.repeat(300) },
      { e: 'c', d: null },
    ];
    const got = await read(Buffer.concat(messages.map(jsonFrame)));
    expect(got.map((m) => JSON.parse(m.text) as unknown)).toEqual(messages);
  });
});
