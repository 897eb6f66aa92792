import { NextRequest } from 'next/server';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import type { Client } from './http';

export const BOUNDARY = '----atrio-test-boundary';
const encoder = new TextEncoder();
const CHUNK = 64 * 1024;

/** A part's head as a browser writes it: a file when `file` names it, else a text field. */
export function partHead(name: string, file?: { name: string; type?: string }): string {
  const disposition = `Content-Disposition: form-data; name="${name}"${file ? `; filename="${file.name}"` : ''}`;
  return `--${BOUNDARY}\r\n${disposition}\r\n${file ? `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
}

export const closing = `\r\n--${BOUNDARY}--\r\n`;

/**
 * A multipart body as a generator of fresh chunks: the `json` part, then one file part of
 * `fileBytes` bytes sent 64 KB at a time (new memory each chunk, as a socket would give).
 * `progress` says how much of it the server pulled and whether it pulled it all.
 */
export function streamedForm(json: unknown, part: string, fileName: string, fileBytes: number) {
  const progress = { pulled: 0, finished: false, cancelled: false };
  async function* chunks() {
    yield encoder.encode(`${partHead('json')}${JSON.stringify(json)}\r\n${partHead(part, { name: fileName, type: 'text/plain' })}`);
    for (let sent = 0; sent < fileBytes; sent += CHUNK) yield new Uint8Array(Math.min(CHUNK, fileBytes - sent)).fill(0x61);
    yield encoder.encode(closing);
  }
  const source = chunks();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await source.next();
        if (done) {
          progress.finished = true;
          controller.close();
          return;
        }
        progress.pulled += value.byteLength;
        controller.enqueue(value);
      },
      cancel() {
        progress.cancelled = true;
      },
    },
    // Nothing read ahead: what was pulled is what the server asked for.
    { highWaterMark: 0 },
  );
  return { body, progress, total: fileBytes };
}

/** A POST with a streamed body (no Content-Length unless given), as the client would send it. */
export function streamedRequest(path: string, body: ReadableStream<Uint8Array>, options: { client?: Client; contentLength?: number } = {}): NextRequest {
  const headers: Record<string, string> = { host: 'localhost:3000', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (options.client) {
    headers['x-real-ip'] = options.client.ip;
    if (options.client.cookie) headers.cookie = `${AUTH_COOKIE}=${options.client.cookie}`;
  }
  if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
  // A stream body needs `duplex`, which the init type does not name yet.
  const init = { method: 'POST', headers, body, duplex: 'half' };
  return new NextRequest(`http://localhost:3000${path}`, init as ConstructorParameters<typeof NextRequest>[1]);
}

/** A whole multipart body from raw text, for malformed and hand-made cases. */
export function rawRequest(text: string, type = `multipart/form-data; boundary=${BOUNDARY}`): NextRequest {
  return new NextRequest('http://localhost:3000/x', { method: 'POST', headers: { 'content-type': type }, body: encoder.encode(text) });
}
