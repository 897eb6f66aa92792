/**
 * A server's text frame (RFC 6455 section 5.2: final, opcode 1, unmasked) holding `payload`.
 * An event going to a thousand sockets is framed once, here, and the same bytes are written
 * to each: `ws.send` would frame it again per socket and write header and body apart, which
 * measured a third of the fan-out's own CPU. Valid only on a socket without extensions
 * (the server never negotiates compression, see `server.ts`).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(head + length);
  frame[0] = 0x81;
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, head);
  return frame;
}

/** A message as a text frame. */
export const jsonFrame = (message: unknown): Buffer => textFrame(Buffer.from(JSON.stringify(message)));
