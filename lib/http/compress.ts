import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

// The server answers compressed itself, so `npm start` on its own serves a phone on a slow
// network a quarter of the bytes (JavaScript shrinks about 3.5×), with no proxy in front.

export type Encoding = 'br' | 'gzip';

/** Below this, the encoding costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli's quality for bodies made per request (pages): ~1 ms for 60 kB. Files in the build are done once at 11. */
const RESPONSE_QUALITY = 5;
/** For streams, flushed per write: a notch lower. */
const STREAM_QUALITY = 4;

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

const brotli = (quality: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } });

/** A whole body encoded: quickly for one made per request, or `best` for a build file made once. */
export function encode(body: Buffer, encoding: Encoding, best = false): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: best ? 9 : 6 });
  return brotliCompressSync(body, brotli(best ? 11 : RESPONSE_QUALITY));
}

/** A chunk a handler writes, as bytes (Next ends a HEAD response with `end(null)`). */
export function toBuffer(chunk: string | Uint8Array | null | undefined, encoding?: BufferEncoding): Buffer {
  if (chunk == null) return Buffer.alloc(0);
  return typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
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

// Bodies that are made as they are sent (API JSON, router payloads, CSV exports): compressed as
// a stream, flushed after each write so a streamed answer still arrives in its pieces.
const STREAMED = /^(application\/(json|javascript|xml)|text\/(x-component|csv|plain|css|javascript|xml))\b/i;

/**
 * Compresses what the handler writes to `res` when its type is worth it and the request takes
 * it. Installed under the CSP layer, which hands it complete pages already encoded (those
 * pass as they are). Respects backpressure both ways: a full socket pauses the compressor,
 * and a full compressor makes `write` return false until it drains.
 */
export function compressStream(req: IncomingMessage, res: ServerResponse): void {
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding || req.method === 'HEAD') return;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number, reason?: unknown, headers?: unknown) => ServerResponse;
  let decided = false;
  let stream: ReturnType<typeof createGzip> | null = null;

  const decide = () => {
    if (decided) return;
    decided = true;
    if (res.headersSent || res.statusCode !== 200 || res.hasHeader('content-encoding') || res.hasHeader('content-range')) return;
    if (!STREAMED.test(String(res.getHeader('content-type') ?? '')) || /no-transform/i.test(String(res.getHeader('cache-control') ?? ''))) return;
    const length = Number(res.getHeader('content-length') ?? NaN);
    if (length < MIN_COMPRESS_BYTES) return;
    appendVary(res, 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding);
    res.removeHeader('Content-Length');
    res.removeHeader('Accept-Ranges');
    const zipped = encoding === 'br' ? createBrotliCompress(brotli(STREAM_QUALITY)) : createGzip({ level: 6 });
    zipped.on('data', (chunk: Buffer) => {
      if (!write(chunk)) {
        zipped.pause();
        res.once('drain', () => zipped.resume());
      }
    });
    zipped.on('drain', () => res.emit('drain'));
    zipped.on('end', () => end());
    zipped.on('error', (error) => res.destroy(error));
    stream = zipped;
  };

  res.writeHead = ((status: number, reason?: unknown, headers?: unknown) => {
    res.statusCode = status;
    const given = typeof reason === 'string' ? headers : reason;
    // Raw header arrays are rare (the CSP layer never passes them): sent as they are, uncompressed.
    if (Array.isArray(given)) return writeHead(status, reason, headers);
    if (given && typeof given === 'object') {
      for (const [k, v] of Object.entries(given)) if (v !== undefined) res.setHeader(k, v as string);
    }
    decide();
    return writeHead(status, typeof reason === 'string' ? reason : undefined);
  }) as ServerResponse['writeHead'];

  type Chunk = string | Uint8Array;
  type Callback = () => void;
  res.write = ((chunk: Chunk, encodingOrCb?: BufferEncoding | Callback, cb?: Callback) => {
    decide();
    if (!stream) return write(chunk, encodingOrCb, cb);
    const ok = stream.write(
      toBuffer(chunk, typeof encodingOrCb === 'string' ? encodingOrCb : undefined),
      typeof encodingOrCb === 'function' ? encodingOrCb : cb,
    );
    stream.flush();
    return ok;
  }) as ServerResponse['write'];

  res.end = ((chunk?: Chunk | Callback, encodingOrCb?: BufferEncoding | Callback, cb?: Callback) => {
    decide();
    if (!stream) return end(chunk, encodingOrCb, cb);
    const callback = [chunk, encodingOrCb, cb].find((a) => typeof a === 'function') as Callback | undefined;
    if (callback) res.once('finish', callback);
    if (chunk && typeof chunk !== 'function') stream.write(toBuffer(chunk, typeof encodingOrCb === 'string' ? encodingOrCb : undefined));
    stream.end();
    return res;
  }) as ServerResponse['end'];
}
