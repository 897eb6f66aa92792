import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCsp } from '@/lib/http/csp-response';

const SANDBOX = "default-src 'none'; sandbox";
const HTML = '<!doctype html><html><head><script>alert(document.cookie)</script></head><body>stored</body></html>';

const handlers: Record<string, (res: ServerResponse) => void> = {
  // A stored HTML file: buffering it would hash its script into the site's policy.
  '/stored-html': (res) => {
    res.setHeader('Content-Type', 'text/html');
    res.setHeader('Content-Security-Policy', SANDBOX);
    res.end(HTML);
  },
  // The policy given to writeHead, as Next may pass a route's headers.
  '/write-head': (res) => {
    res.writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Security-Policy': SANDBOX });
    res.end('%PDF-1.7');
  },
  '/image': (res) => {
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('content-security-policy', SANDBOX);
    res.write('RIFF');
    res.end('WEBP');
  },
  '/page': (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(HTML);
  },
  '/json': (res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end('{}');
  },
};

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    applyCsp(res, false);
    handlers[new URL(req.url ?? '/', 'http://x').pathname](res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('applyCsp and a response with a policy of its own', () => {
  it.each(['/stored-html', '/write-head', '/image'])('%s keeps its own policy, one header only', async (path) => {
    const res = await fetch(base + path);
    expect(res.headers.get('content-security-policy')).toBe(SANDBOX);
  });

  it('passes a stored HTML file through untouched, its script not hashed into any policy', async () => {
    const res = await fetch(`${base}/stored-html`);
    expect(await res.text()).toBe(HTML);
    expect(res.headers.get('content-security-policy')).not.toContain('sha256-');
  });

  it('still gives pages and API answers without one the site policy', async () => {
    const page = await fetch(`${base}/page`);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
    const api = await fetch(`${base}/json`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});
