import { randomBytes } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressStream } from '@/lib/http/compress';

const ROWS = Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Conversation ${i}`, preview: 'Support is covered this week.' }));
const JSON_BODY = JSON.stringify({ data: ROWS });
let next: (() => void) | null = null;
let sawBackpressure = false;

const handlers: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/json': (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', Buffer.byteLength(JSON_BODY));
    res.end(JSON_BODY);
  },
  '/writehead': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON_BODY, () => undefined);
  },
  // A router payload in two pieces: the second is written only once the client has read the first.
  '/streamed': (_req, res) => {
    res.setHeader('Content-Type', 'text/x-component');
    res.write(`first:${'a'.repeat(2000)}\n`);
    next = () => res.end('second\n');
  },
  '/small': (_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Content-Length', 11);
    res.end('{"ok":true}');
  },
  '/encoded': (_req, res) => {
    res.setHeader('Content-Type', 'text/plain');
    res.setHeader('Content-Encoding', 'gzip');
    res.end(Buffer.from('already encoded bytes'));
  },
  '/image': (_req, res) => {
    res.setHeader('Content-Type', 'image/png');
    res.end(Buffer.alloc(4096, 1));
  },
  '/not-modified': (_req, res) => {
    res.statusCode = 304;
    res.setHeader('Content-Type', 'application/json');
    res.end();
  },
  // A large export written the way a well-behaved handler writes: waiting for 'drain'.
  '/export': (_req, res) => {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    let left = 300;
    const pump = () => {
      while (left > 0) {
        left -= 1;
        if (!res.write(`${randomBytes(8192).toString('hex')}\n`)) {
          sawBackpressure = true;
          res.once('drain', pump);
          return;
        }
      }
      res.end();
    };
    pump();
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    compressStream(req, res);
    handlers[req.url ?? '']?.(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function open(url: string, headers: Record<string, string>, method = 'GET'): Promise<IncomingMessage> {
  return new Promise((resolve, reject) =>
    request(base + url, { headers, method }, resolve)
      .on('error', reject)
      .end(),
  );
}
async function get(url: string, headers: Record<string, string> = { 'accept-encoding': 'br, gzip' }, method = 'GET') {
  const res = await open(url, headers, method);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const encoding = res.headers['content-encoding'];
  const text = (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' && url !== '/encoded' ? gunzipSync(body) : body).toString('utf8');
  return { res, body, text };
}

describe('compressStream', () => {
  it('compresses JSON made per request, dropping the length it no longer has', async () => {
    for (const url of ['/json', '/writehead']) {
      const { res, body, text } = await get(url);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-length'], url).toBeUndefined();
      expect(res.headers.vary, url).toBe('Accept-Encoding');
      expect(body.length, url).toBeLessThan(Buffer.byteLength(JSON_BODY) / 5);
      expect(text, url).toBe(JSON_BODY);
    }
    const gzip = await get('/json', { 'accept-encoding': 'gzip' });
    expect(gzip.res.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(JSON_BODY);
  });

  it('delivers a streamed answer piece by piece, not at its end', async () => {
    const res = await open('/streamed', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    const decoded = res.pipe(createBrotliDecompress());
    let text = '';
    for await (const chunk of decoded) {
      text += (chunk as Buffer).toString('utf8');
      // The server waits for this: without a flush per write the first piece never arrives.
      if (text.includes('\n') && next) {
        next();
        next = null;
      }
    }
    expect(text).toBe(`first:${'a'.repeat(2000)}\nsecond\n`);
  });

  it('passes on as they are: small bodies, encoded ones, images, 304s, HEAD and clients that take no encoding', async () => {
    const small = await get('/small');
    expect(small.res.headers['content-encoding']).toBeUndefined();
    expect(small.text).toBe('{"ok":true}');
    const encoded = await get('/encoded');
    expect(encoded.body.toString()).toBe('already encoded bytes');
    const image = await get('/image');
    expect(image.res.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4096);
    const notModified = await get('/not-modified');
    expect(notModified.res.statusCode).toBe(304);
    expect(notModified.res.headers['content-encoding']).toBeUndefined();
    const head = await get('/json', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.res.headers['content-encoding']).toBeUndefined();
    expect(head.res.headers['content-length']).toBe(String(Buffer.byteLength(JSON_BODY)));
    const identity = await get('/json', { 'accept-encoding': 'identity' });
    expect(identity.res.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(JSON_BODY);
  });

  it('keeps backpressure: a slow reader holds a large export back instead of filling memory', async () => {
    sawBackpressure = false;
    const res = await open('/export', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const decoded = res.pipe(createGunzip());
    let bytes = 0;
    let lines = 0;
    for await (const chunk of decoded) {
      bytes += (chunk as Buffer).length;
      lines += (chunk as Buffer).toString('latin1').split('\n').length - 1;
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(lines).toBe(300);
    expect(bytes).toBe(300 * 16385);
    expect(sawBackpressure).toBe(true);
  });
});
