import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The server answers compressed itself, so `npm start` on its own serves a phone on a slow
// network a quarter of the bytes (JavaScript shrinks about 3.5×), with no proxy in front.

export type Encoding = 'br' | 'gzip';

/** Below this, the encoding costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli's quality for bodies made per request (pages): ~1 ms for 60 kB. Files in the build are done once at 11. */
const RESPONSE_QUALITY = 5;

/**
 * The encoding to answer with: brotli when the browser takes it (every current one does over
 * HTTPS and on localhost), else gzip, else none. `q=0` refuses a coding, as RFC 9110 says.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const accepted = new Set<string>();
  let wildcard = false;
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === '*') wildcard = true;
    else accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip') || wildcard) return 'gzip';
  return null;
}

export function encode(body: Buffer, encoding: Encoding, quality = RESPONSE_QUALITY): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: quality >= 11 ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** Adds a name to Vary without losing what is there. */
export function appendVary(res: ServerResponse, name: string): void {
  const current = res.getHeader('vary') as OutgoingHttpHeader | undefined;
  const names = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (names.some((v) => v === '*' || v.toLowerCase() === name.toLowerCase())) return;
  res.setHeader('Vary', [...names, name].join(', '));
}

/**
 * The body to send for a complete response (an HTML page): compressed when the request
 * accepts it and it is worth it, with Content-Encoding and Vary set. `cached` keeps the
 * encoded bytes of a body that is sent again and again (the page cache's entries).
 */
export function encodeResponse(req: IncomingMessage | undefined, res: ServerResponse, body: Buffer, cached?: Partial<Record<Encoding, Buffer>>): Buffer {
  appendVary(res, 'Accept-Encoding');
  const encoding = acceptedEncoding(req?.headers['accept-encoding']);
  if (!encoding || body.length < MIN_COMPRESS_BYTES || res.hasHeader('content-encoding') || res.statusCode === 204 || res.statusCode === 304) return body;
  const out = cached?.[encoding] ?? encode(body, encoding);
  if (cached) cached[encoding] = out;
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', out.length);
  return out;
}
