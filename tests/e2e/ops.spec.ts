import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import { AUTH_COOKIE, decodeAuthCookie } from '../../lib/auth/cookie';
import { signAccessToken } from '../../lib/auth/tokens';
import { person } from './support/auth';
import { solveCaptcha } from './support/captcha';
import { ready } from './support/page';
import { startServer } from './support/server';

const firstFrames = new WeakMap<WebSocket, Promise<Record<string, unknown>>>();

/** The socket's first frame (sent as soon as it accepted the token, maybe before 'open' was handled). */
function readyFrame(ws: WebSocket): Promise<Record<string, unknown>> {
  return firstFrames.get(ws)!;
}

function openSocket(url: string, origin?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, origin ? { origin } : {});
    firstFrames.set(ws, new Promise((first) => ws.once('message', (d) => first(JSON.parse(d.toString())))));
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

test.describe('operations', () => {
  test('health reports the build and the database', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', database: { kind: 'pglite', ok: true } });
    expect(body.buildId).toMatch(/^[a-z0-9]+-[a-f0-9]{8}$/);
  });

  test('every response carries the security headers; pages stay cacheable', async ({ request }) => {
    for (const path of ['/', '/faq', '/api/health', '/static/ping.json', '/nope']) {
      const res = await request.get(path);
      const h = res.headers();
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['referrer-policy'], path).toBeTruthy();
      expect(h['permissions-policy'], path).toContain('camera=()');
      expect(h['x-request-id'], path).toMatch(/^[\w.-]+$/);
      const csp = h['content-security-policy'];
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      // Scripts: the site's own files and the exact inline scripts of the page, nothing else.
      const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src'))!;
      expect(scriptSrc, path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
      // Served over http here, so no HSTS.
      expect(h['strict-transport-security'], path).toBeUndefined();
    }
    // Public pages are answered from the page cache after the first request, CSP and all.
    await request.get('/ayuda/primeros-pasos');
    const cached = await request.get('/ayuda/primeros-pasos');
    expect(cached.headers()['x-page-cache']).toBe('HIT');
    expect(cached.headers()['content-security-policy']).toMatch(/'sha256-/);
    expect(cached.headers()['x-request-id']).toBeTruthy();
    // Pages that depend on the visitor never are.
    expect((await request.get('/nope')).headers()['x-page-cache']).toBeUndefined();
  });

  test('the socket takes an access token, answers app:ping with the same __ts and refuses other paths', async ({ baseURL }) => {
    const socketUrl = baseURL!.replace('http', 'ws') + '/ws/v1?as=user';
    // Without a valid token the socket is closed with 1008 (no retry).
    const anonymous = await openSocket(socketUrl);
    expect(await new Promise<number>((resolve) => anonymous.once('close', (code) => resolve(code)))).toBe(1008);
    const p = person('Manager');
    const token = await signAccessToken({ sub: p.userId, sid: p.sessionId, root: false, pid: p.projectId, ppid: p.profileId, prr: false, perms: [] });
    const ws = await openSocket(`${socketUrl}&token=${token}`);
    expect(await readyFrame(ws)).toMatchObject({ e: 'app:ready', d: { userId: p.userId } });
    const reply = new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
    ws.send(JSON.stringify({ __ts: 1712345, e: 'app:ping' }));
    expect(await reply).toMatchObject({ __ts: 1712345 });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    await expect(openSocket(baseURL!.replace('http', 'ws') + '/ws/other')).rejects.toThrow();
  });

  test('a second server on a data directory in use refuses to start', async () => {
    const second = await startServer({ DATA_DIR: process.env.E2E_DATA_DIR! }, { waitForHealth: false });
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain('is in use by another Atrio process');
  });

  test('a bad setting stops the start and names the variable', async () => {
    const bad = await startServer({ PORT: 'abc', PUBLIC_URL: 'not a url' }, { waitForHealth: false });
    expect(await bad.exited).toBe(78);
    expect(bad.err()).toMatch(/PORT: expected/);
    expect(bad.err()).toMatch(/PUBLIC_URL: expected/);
  });

  test('logs are JSON with a request id, never a token; SIGTERM shuts down cleanly', async ({ page }) => {
    test.setTimeout(120_000);
    const server = await startServer();
    const { base } = server;
    const secret = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.sig';
    await fetch(`${base}/faq?token=${secret}`, { headers: { Cookie: `AUTH=${secret}`, Authorization: `Bearer ${secret}`, 'X-Request-Id': 'req-e2e-1' } });
    const refused = await openSocket(`ws://127.0.0.1:${server.port}/ws/v1?token=${secret}`);
    expect(await new Promise<number>((resolve) => refused.once('close', (code) => resolve(code)))).toBe(1008);
    // A real sign-in (the root the first start created) for a socket the shutdown must close.
    await ready(page, `${base}/login`);
    await page.getByLabel('Email').fill('root@localhost');
    await page.getByLabel('Password', { exact: true }).fill(readFileSync(path.join(server.dataDir, 'initial-root-password'), 'utf8').trim());
    await solveCaptcha(page);
    await page.getByTestId('submit').click();
    await expect(page).not.toHaveURL(/\/login/);
    const cookie = (await page.context().cookies()).find((c) => c.name === AUTH_COOKIE)!;
    const ws = await openSocket(`ws://127.0.0.1:${server.port}/ws/v1?token=${decodeAuthCookie(cookie.value)!.accessToken}`);
    await readyFrame(ws);
    await page.close();
    const wsClosed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));

    const started = Date.now();
    server.proc.kill('SIGTERM');
    expect(await wsClosed).toBe(1001);
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const lines = server
      .out()
      .split('\n')
      .filter((l) => l.startsWith('{'));
    const records = lines.map((l) => JSON.parse(l));
    expect(records.find((r) => r.path === '/faq')).toMatchObject({ reqId: 'req-e2e-1', status: 200, method: 'GET' });
    expect(records.some((r) => r.msg === 'shutdown complete')).toBe(true);
    expect(server.out()).not.toContain(secret);

    // The embedded database was closed cleanly: a new start on it works at once.
    const again = await startServer({ DATA_DIR: server.dataDir });
    expect((await (await fetch(`http://127.0.0.1:${again.port}/api/health`)).json()).database.ok).toBe(true);
    expect(again.out()).not.toContain('First start');
    again.proc.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    rmSync(server.dataDir, { recursive: true, force: true });
  });
});
