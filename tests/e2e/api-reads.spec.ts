import { expect, test } from '@playwright/test';
import { person, signInAs } from './support/auth';

// The production server answers API reads itself, with the handlers of Next's build
// (lib/http/direct-api.ts). These check that what a caller gets is what Next gave.
test.describe('API reads on the production server', () => {
  test('a signed-in read: dynamic segments, the query, 404 for ids not in the project, errors in the caller’s language', async ({ context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    const list = await context.request.get('/api/boards');
    expect(list.status()).toBe(200);
    expect(list.headers()['cache-control']).toBe('no-store');
    const { boards } = (await list.json()) as { boards: { id: string; name: string }[] };
    expect(boards.length).toBeGreaterThan(0);

    const one = await context.request.get(`/api/boards/${boards[0].id}`);
    expect(one.status()).toBe(200);
    expect(await one.json()).toMatchObject({ board: { id: boards[0].id, name: boards[0].name } });

    const foreign = await context.request.get('/api/boards/00000000-0000-4000-8000-000000000000');
    expect(foreign.status()).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: 'Not found.' });

    const owner = person('Owner');
    const found = await context.request.get(`/api/users?q=${encodeURIComponent(owner.email)}`);
    expect(found.status()).toBe(200);
    const text = await found.text();
    expect(text).toContain(owner.email);
    const none = await context.request.get('/api/users?q=nobody-has-this-address');
    expect(await none.text()).not.toContain(owner.email);
    const bad = await context.request.get(`/api/users?q=${'x'.repeat(101)}`, { headers: { 'accept-language': 'es' } });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'Revisa algunos campos.', data: { fields: { q: expect.any(String) } } });
  });

  test('a caller without a session is refused in their language', async ({ request }) => {
    const en = await request.get('/api/chats/unread');
    expect(en.status()).toBe(401);
    expect(await en.json()).toMatchObject({ message: 'Please sign in.' });
    const es = await request.get('/api/chats/unread', { headers: { cookie: 'NEXT_LOCALE=es' } });
    expect(await es.json()).toMatchObject({ message: 'Inicia sesión.' });
  });

  test('HEAD answers the headers of GET without a body; the server’s own headers stay', async ({ request }) => {
    const get = await request.get('/api/health');
    const head = await request.head('/api/health');
    expect(head.status()).toBe(get.status());
    expect(await head.body()).toHaveLength(0);
    for (const res of [get, head]) {
      const h = res.headers();
      expect(h['content-type']).toBe('application/json');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['x-request-id']).toMatch(/^[\w-]+$/);
      expect(h['content-security-policy']).toContain("default-src 'self'");
      // Next adds these to everything it answers; the reads no longer pass through it.
      expect(h.vary ?? '').not.toContain('rsc');
    }
  });

  test('large answers are compressed; paths Next treats specially still reach it', async ({ context, baseURL }) => {
    await signInAs(context, 'Owner', baseURL!);
    const res = await context.request.get('/api/requests', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe('gzip');
    expect(await res.json()).toMatchObject({ data: expect.anything() });
    // Next redirects a trailing slash away; that stays its job.
    const slash = await context.request.get('/api/health/', { maxRedirects: 0 });
    expect(slash.status()).toBe(308);
    expect(slash.headers().location).toBe('/api/health');
  });
});
