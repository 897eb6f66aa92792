import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeResponse } from '@/lib/http/compress';
import { invalidatePages, pageKey, servePage, storePage, varyPage } from '@/lib/http/page-cache';

let server: Server;
let base: string;
let renders = 0;
let cacheControl = 's-maxage=31536000';

beforeAll(async () => {
  // Stands in for Next: renders a numbered page, marked cacheable like a pre-rendered one.
  server = createServer((req, res) => {
    const key = pageKey(req, false);
    if (key && servePage(key, req, res)) return;
    varyPage(req, res);
    renders += 1;
    const body = Buffer.from(`<p>render ${renders}</p>`);
    // Next sets its own router headers as the Vary header, replacing what was there.
    res.setHeader('Vary', 'rsc, next-router-state-tree');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', `"v${renders}"`);
    res.setHeader('Content-Security-Policy', "script-src 'self' 'sha256-x'");
    // As the CSP layer does: the finished page goes out in the encoding the request accepts.
    res.end(req.method === 'HEAD' ? undefined : encodeResponse(req, res, body));
    // As in server.ts, the store sees the body that went out: none for HEAD.
    if (key) storePage(key, res, req.method === 'HEAD' ? Buffer.alloc(0) : body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  invalidatePages();
  cacheControl = 's-maxage=31536000';
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

describe('public page cache', () => {
  it('answers a public page from memory after the first render, headers and CSP included', async () => {
    const first = await (await get('/faq')).text();
    const second = await get('/faq');
    expect(await second.text()).toBe(first);
    expect(second.headers.get('x-page-cache')).toBe('HIT');
    expect(second.headers.get('content-security-policy')).toContain('sha256-x');
  });

  it('keeps each language apart, by path and by stored choice', async () => {
    const en = await (await get('/faq')).text();
    const es = await (await get('/preguntas-frecuentes')).text();
    expect(es).not.toBe(en);
    const homeEn = await (await get('/', { 'accept-language': 'en' })).text();
    const homeEs = await (await get('/', { cookie: 'theme=dark; NEXT_LOCALE=es' })).text();
    expect(homeEs).not.toBe(homeEn);
    expect(await (await get('/', { cookie: 'NEXT_LOCALE=es' })).text()).toBe(homeEs);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const etag = (await get('/faq')).headers.get('etag')!;
    const res = await get('/faq', { 'if-none-match': etag });
    expect(res.status).toBe(304);
  });

  it('leaves queries, router requests, private pages and non-public routes to the app', async () => {
    for (const [path, headers] of [
      ['/faq?x=1', {}],
      ['/faq', { rsc: '1' }],
      ['/dashboard', {}],
      ['/login', {}],
      ['/no-such-page', {}],
      ['/faq/', {}],
    ] as const) {
      const before = renders;
      await get(path, headers);
      await get(path, headers);
      expect(renders - before, path).toBe(2);
    }
    cacheControl = 'private, no-cache, no-store';
    const before = renders;
    await get('/help/a');
    await get('/help/a');
    expect(renders - before).toBe(2);
  });

  it('forgets everything on invalidation', async () => {
    await get('/faq');
    const before = renders;
    invalidatePages();
    await get('/faq');
    expect(renders).toBe(before + 1);
  });

  it('keeps nothing from a HEAD request, whose body is empty', async () => {
    const head = await fetch(base + '/faq', { method: 'HEAD' });
    expect(head.status).toBe(200);
    const before = renders;
    expect(await (await get('/faq')).text()).toBe(`<p>render ${before + 1}</p>`);
    const again = await fetch(base + '/faq', { method: 'HEAD' });
    expect(again.headers.get('x-page-cache')).toBe('HIT');
    expect(again.headers.get('content-length')).toBe(String(`<p>render ${before + 1}</p>`.length));
  });

  it('varies on the stored choice and the browser language only where the path names no language', async () => {
    for (const path of ['/', '/', '/login', '/inicio', '/faq', '/preguntas-frecuentes']) {
      const vary = (await get(path)).headers.get('vary');
      if (path === '/' || path === '/login') expect(vary, path).toBe('Cookie, Accept-Language, rsc, next-router-state-tree, Accept-Encoding');
      else expect(vary, path).toBe('rsc, next-router-state-tree, Accept-Encoding');
    }
  });

  it('keys bots apart and refuses other methods', () => {
    const req = { method: 'GET', url: '/faq', headers: {} };
    expect(pageKey(req, true)).not.toBe(pageKey(req, false));
    expect(pageKey({ ...req, method: 'POST' }, false)).toBeNull();
  });
});
