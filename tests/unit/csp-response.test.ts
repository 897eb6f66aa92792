import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCsp } from '@/lib/http/csp-response';

const SCRIPT = 'document.documentElement.dataset.ok="sí"';
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(SCRIPT, 'utf8').digest('base64')}'`;
const PARTS = ['<!doctype html><html><head><title>Atrio – ñ</title>', `<script>${SCRIPT}</script>`, '</head><body>', '<p>hello</p></body></html>'];
const HTML = PARTS.join('');
const JSON_BODY = JSON.stringify({ ok: true, html: `<script>${SCRIPT}</script>` });

type Handler = (res: ServerResponse) => void;

const handlers: Record<string, Handler> = {
  // Explicit writeHead with the type, then several writes.
  '/explicit': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    for (const part of PARTS.slice(0, -1)) res.write(part);
    res.end(PARTS.at(-1));
  },
  // Implicit headers: setHeader, then writes (one split inside a multi-byte character).
  '/implicit': (res) => {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    const bytes = Buffer.from(HTML, 'utf8');
    const cut = bytes.indexOf(Buffer.from('ñ')) + 1; // in the middle of "ñ"
    res.write(bytes.subarray(0, cut));
    res.write(bytes.subarray(cut, cut + 40));
    res.write(bytes.subarray(cut + 40).toString('latin1'), 'latin1');
    res.end();
  },
  // Waits for each buffered write's callback (both argument positions) before going on.
  '/callbacks': (res) => {
    res.setHeader('Content-Type', 'text/html');
    res.write(PARTS[0], () => {
      res.write(PARTS.slice(1).join(''), 'utf8', () => res.end());
    });
  },
  // A handler that announces a wrong Content-Length for the body it will buffer.
  '/wrong-length': (res) => {
    res.writeHead(200, 'Fine', { 'Content-Type': 'text/html', 'Content-Length': '3' });
    res.end(HTML);
  },
  // What Next does for HEAD: the GET's headers and length, then `end(null)`.
  '/head': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(HTML));
    res.end(null);
  },
  '/json': (res) => {
    res.setHeader('Content-Type', 'application/json');
    res.write(JSON_BODY.slice(0, 10));
    res.end(JSON_BODY.slice(10));
  },
  '/not-found': (res) => {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    res.write('<html><body><h1>Not found</h1>');
    res.end(`<script>${SCRIPT}</script></body></html>`);
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    applyCsp(res, false, url.searchParams.get('bot') === '1');
    const handler = handlers[url.pathname];
    if (handler) handler(res);
    else res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
});

async function get(path: string) {
  const res = await fetch(base + path);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, bytes, text: bytes.toString('utf8'), csp: res.headers.get('content-security-policy') ?? '' };
}

describe('applyCsp with HTML', () => {
  it.each(['/explicit', '/implicit', '/callbacks'])('%s: body intact, exact Content-Length, CSP lists the script hash', async (path) => {
    const { res, bytes, text, csp } = await get(path);
    expect(res.status).toBe(200);
    expect(text).toBe(HTML);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(HTML)));
    expect(bytes.length).toBe(Buffer.byteLength(HTML));
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${SCRIPT_HASH}`);
    expect(csp).toContain("object-src 'none'");
  });

  it('replaces a wrong Content-Length and keeps the status message', async () => {
    const { res, text } = await get('/wrong-length');
    expect(text).toBe(HTML);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(HTML)));
    expect(res.statusText).toBe('Fine');
  });

  it('keeps an HTML error page for people', async () => {
    const { res, text, csp } = await get('/not-found');
    expect(res.status).toBe(404);
    expect(text).toContain('<h1>Not found</h1>');
    expect(csp).toContain(SCRIPT_HASH);
  });

  it('sends bots an empty body with the error status', async () => {
    const { res, bytes } = await get('/not-found?bot=1');
    expect(res.status).toBe(404);
    expect(bytes.length).toBe(0);
    expect(res.headers.get('content-length')).toBe('0');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends bots successful pages unchanged', async () => {
    const { res, text, csp } = await get('/explicit?bot=1');
    expect(res.status).toBe(200);
    expect(text).toBe(HTML);
    expect(csp).toContain(SCRIPT_HASH);
  });
});

describe('applyCsp on HEAD', () => {
  it('answers like GET without a body', async () => {
    const res = await fetch(base + '/head', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(HTML)));
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('applyCsp with other content', () => {
  it('passes JSON straight through with a CSP that has no hashes', async () => {
    const { res, text, csp } = await get('/json');
    expect(res.status).toBe(200);
    expect(text).toBe(JSON_BODY);
    expect(JSON.parse(text)).toEqual({ ok: true, html: `<script>${SCRIPT}</script>` });
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('sha256-');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
