import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptedEncoding, encodeResponse } from '@/lib/http/compress';
import { invalidatePages, pageKey, servePage, storePage } from '@/lib/http/page-cache';
import { precompressStatic, serveStaticAsset } from '@/lib/http/static-assets';

const PAGE = `<!doctype html><html><body>${'<p>Atrio gives each project its own dashboard – ñ</p>'.repeat(80)}</body></html>`;
const SCRIPT = `self.chunk=${JSON.stringify('console.log("hydrate");'.repeat(200))};`;

let server: Server;
let base: string;
let staticDir: string;
let renders = 0;

beforeAll(async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'atrio-compress-'));
  staticDir = path.join(root, 'static');
  mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
  writeFileSync(path.join(staticDir, 'chunks', 'app.js'), SCRIPT);
  writeFileSync(path.join(staticDir, 'chunks', 'tiny.js'), 'self.x=1;');
  writeFileSync(path.join(root, 'secret.js'), SCRIPT);
  writeFileSync(path.join(root, 'secret.js.br'), 'not for the browser');
  precompressStatic(staticDir);

  server = createServer((req, res) => {
    if (serveStaticAsset(staticDir, req, res)) return;
    const key = pageKey(req, false);
    if (key && servePage(key, req, res)) return;
    if (req.url === '/small') {
      res.setHeader('Content-Type', 'text/html');
      res.end(encodeResponse(req, res, Buffer.from('<p>short</p>')));
      return;
    }
    // Stands in for Next behind the CSP layer: a cacheable public page, finished and then encoded.
    renders += 1;
    const body = Buffer.from(PAGE);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 's-maxage=60');
    res.end(encodeResponse(req, res, body));
    if (key) storePage(key, res, body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => invalidatePages());

/** A raw GET: the bytes as they crossed the wire, not decoded. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(base + url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const decode = (r: { headers: IncomingHttpHeaders; body: Buffer }) =>
  (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body).toString(
    'utf8',
  );

describe('acceptedEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip;q=0')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('compressed pages', () => {
  it('sends a page in the encoding the browser accepts, with its length and Vary', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await get('/faq', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 4);
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(decode(res)).toBe(PAGE);
    }
  });

  it('sends the bytes as they are to a client that takes no compression, and small bodies as they are', async () => {
    const plain = await get('/faq');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(PAGE);
    const small = await get('/small', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe('<p>short</p>');
  });

  it('answers a page-cache hit in each encoding from the one stored page', async () => {
    const before = renders;
    await get('/faq', { 'accept-encoding': 'gzip' });
    const br = await get('/faq', { 'accept-encoding': 'br' });
    const gzip = await get('/faq', { 'accept-encoding': 'gzip' });
    const plain = await get('/faq');
    expect(renders).toBe(before + 1);
    expect([br, gzip, plain].map((r) => r.headers['x-page-cache'])).toEqual(['HIT', 'HIT', 'HIT']);
    expect([br, gzip, plain].map((r) => r.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    for (const r of [br, gzip, plain]) {
      expect(Number(r.headers['content-length'])).toBe(r.body.length);
      expect(decode(r)).toBe(PAGE);
    }
  });
});

describe('static files of the build', () => {
  it('writes brotli and gzip beside each file worth it at build time', () => {
    expect(existsSync(path.join(staticDir, 'chunks', 'app.js.br'))).toBe(true);
    expect(existsSync(path.join(staticDir, 'chunks', 'app.js.gz'))).toBe(true);
    expect(existsSync(path.join(staticDir, 'chunks', 'tiny.js.br'))).toBe(false);
  });

  it('serves the precompressed file, immutable, and 304 on a matching ETag', async () => {
    const res = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(res)).toBe(SCRIPT);
    const again = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const gzip = await get('/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(res.headers.etag);
    expect(decode(gzip)).toBe(SCRIPT);
  });

  it('leaves to Next what it did not compress, and never reads outside the folder', async () => {
    // The stand-in answers what serveStaticAsset refuses with its page.
    for (const url of ['/_next/static/chunks/tiny.js', '/_next/static/chunks/missing.js', '/_next/static/../secret.js', '/_next/static/%2E%2E/secret.js']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(decode(res)).not.toContain('not for the browser');
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const plain = await get('/_next/static/chunks/app.js');
    expect(plain.headers['content-type']).toMatch(/text\/html/);
  });
});

afterAll(() => rmSync(path.dirname(staticDir), { recursive: true, force: true }));
