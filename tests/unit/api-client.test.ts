import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, resetApiClient, showError } from '@/lib/http/api-client';
import { alerts } from '@/lib/shell/alerts';

// msw stands for the network as the browser sees it: the AUTH cookie lives on the server
// side, so "the cookie" here is the `session` variable the handlers share.
const BASE = 'http://app.test';
const server = setupServer();
let session: 'fresh' | 'expired' | 'over';
let calls: string[];

const assign = vi.fn();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetApiClient();
  alerts.clear();
  assign.mockReset();
  calls = [];
  session = 'fresh';
  vi.stubGlobal('location', { origin: BASE, href: `${BASE}/cuenta/seguridad?x=1&y=2`, pathname: '/cuenta/seguridad', search: '?x=1&y=2', assign });
  server.events.removeAllListeners();
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
});
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});

function sessionRoutes(refreshDelayMs = 0) {
  return [
    http.post(`${BASE}/api/auth/refreshAccess`, async () => {
      await new Promise((r) => setTimeout(r, refreshDelayMs));
      if (session === 'over') return HttpResponse.json({ message: 'Session over', data: { fields: {} } }, { status: 401 });
      session = 'fresh';
      return HttpResponse.json({ auth: { accessToken: 'a', refreshToken: 'r' } });
    }),
    http.post(`${BASE}/api/auth/logout`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${BASE}/api/auth/sessions`, () =>
      session === 'fresh' ? HttpResponse.json({ sessions: [{ id: 's1' }] }) : HttpResponse.json({ message: 'Expired', data: { fields: {} } }, { status: 401 }),
    ),
  ];
}

describe('api', () => {
  it('posts JSON to /api/ and returns the parsed answer', async () => {
    let seen: { type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${BASE}/api/auth/accountPassword`, async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ message: 'Saved' });
      }),
    );
    await expect(api('auth/accountPassword', { json: { currentPassword: 'a', newPassword: 'b' } })).resolves.toEqual({ message: 'Saved' });
    expect(seen).toEqual({ type: 'application/json', body: { currentPassword: 'a', newPassword: 'b' } });
  });

  it('sends FormData as multipart, leaving the boundary to the browser', async () => {
    let type = '';
    let json: unknown;
    server.use(
      http.post(`${BASE}/api/auth/accountGeneral`, async ({ request }) => {
        type = request.headers.get('content-type') ?? '';
        json = JSON.parse(String((await request.formData()).get('json')));
        return HttpResponse.json({ avatar: null });
      }),
    );
    const form = new FormData();
    form.append('json', JSON.stringify({ name: 'Ana' }));
    await api('auth/accountGeneral', { form });
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(json).toEqual({ name: 'Ana' });
  });

  it('on a 401 refreshes once and retries the call', async () => {
    server.use(...sessionRoutes());
    session = 'expired';
    await expect(api('auth/sessions', { method: 'GET' })).resolves.toEqual({ sessions: [{ id: 's1' }] });
    expect(calls).toEqual(['/api/auth/sessions', '/api/auth/refreshAccess', '/api/auth/sessions']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('parallel 401s share one refresh', async () => {
    server.use(...sessionRoutes(30));
    session = 'expired';
    const results = await Promise.all([1, 2, 3, 4].map(() => api('auth/sessions', { method: 'GET' })));
    expect(results).toHaveLength(4);
    expect(calls.filter((c) => c === '/api/auth/refreshAccess')).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/auth/sessions')).toHaveLength(8);
  });

  it('a 401 answering a call sent before the last refresh retries without refreshing again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      ...sessionRoutes(),
      // The slow call left with the old token; its 401 arrives after another call refreshed.
      http.get(`${BASE}/api/slow`, async () => {
        const before = session;
        await gate;
        return before === 'fresh' ? HttpResponse.json({ ok: true }) : HttpResponse.json({ message: 'Expired', data: { fields: {} } }, { status: 401 });
      }),
    );
    session = 'expired';
    const slow = api('slow', { method: 'GET' });
    await api('auth/sessions', { method: 'GET' });
    release();
    await expect(slow).resolves.toEqual({ ok: true });
    expect(calls.filter((c) => c === '/api/auth/refreshAccess')).toHaveLength(1);
  });

  it('when the refresh fails: logs out, goes to login with redir and why, and throws', async () => {
    server.use(...sessionRoutes());
    session = 'over';
    const failures = await Promise.allSettled([api('auth/sessions', { method: 'GET' }), api('auth/sessions', { method: 'GET' })]);
    expect(failures.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect((failures[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401 });
    expect(calls.filter((c) => c === '/api/auth/logout')).toHaveLength(1);
    expect(calls.filter((c) => c === '/api/auth/refreshAccess')).toHaveLength(1);
    expect(assign).toHaveBeenCalledTimes(1);
    // A full load of the login form, which says the session ended and keeps where the user was.
    expect(String(assign.mock.calls[0][0])).toBe(`${BASE}/login?redir=%2Fcuenta%2Fseguridad%3Fx%3D1%26y%3D2&ended=1`);
  });

  it('does not refresh for calls made without a session', async () => {
    server.use(
      ...sessionRoutes(),
      http.post(`${BASE}/api/auth`, () => HttpResponse.json({ message: 'Wrong email or password', data: { fields: {} } }, { status: 401 })),
    );
    await expect(api('auth', { json: {}, session: false })).rejects.toMatchObject({ status: 401, message: 'Wrong email or password' });
    expect(calls).toEqual(['/api/auth']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not retry a failed fetch by default, and retries when asked', async () => {
    server.use(http.post(`${BASE}/api/flaky`, () => HttpResponse.error()));
    await expect(api('flaky')).rejects.toBeInstanceOf(TypeError);
    expect(calls).toEqual(['/api/flaky']);
    calls = [];
    await expect(api('flaky', { retries: 2 })).rejects.toBeInstanceOf(TypeError);
    expect(calls).toEqual(['/api/flaky', '/api/flaky', '/api/flaky']);
  });

  it('a retry after a network failure returns the later answer', async () => {
    let n = 0;
    server.use(http.post(`${BASE}/api/flaky`, () => (++n === 1 ? HttpResponse.error() : HttpResponse.json({ n }))));
    await expect(api('flaky', { retries: 1 })).resolves.toEqual({ n: 2 });
  });

  it('throws ApiError with status, message, fields, data and Retry-After', async () => {
    server.use(
      http.post(`${BASE}/api/auth/resendEmailConfirmation`, () =>
        HttpResponse.json({ message: 'Wait a little', data: { fields: {}, secondsLeft: 42 } }, { status: 429, headers: { 'Retry-After': '42' } }),
      ),
      http.post(`${BASE}/api/auth/register`, () =>
        HttpResponse.json({ message: 'Check the form', data: { fields: { email: 'Already registered', name: 'Too short', bad: 3 } } }, { status: 422 }),
      ),
      http.post(`${BASE}/api/broken`, () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    const tooEarly = await api('auth/resendEmailConfirmation').catch((e: unknown) => e);
    expect(tooEarly).toBeInstanceOf(ApiError);
    expect(tooEarly).toMatchObject({ status: 429, message: 'Wait a little', fields: {}, data: { secondsLeft: 42 }, retryAfter: 42 });
    const invalid = (await api('auth/register', { session: false }).catch((e: unknown) => e)) as ApiError;
    expect(invalid.fields).toEqual({ email: 'Already registered', name: 'Too short' });
    const broken = (await api('broken').catch((e: unknown) => e)) as ApiError;
    expect(broken).toMatchObject({ status: 502, message: '', fields: {}, data: {} });
  });
});

describe('showError', () => {
  const t = (key: string) => (key === 'unknown' ? 'Error desconocido!' : key);

  it('shows a server message as title and the first field error as text', () => {
    showError(new ApiError(422, 'Check the form', { email: 'Already registered', name: 'Too short' }), t);
    expect(alerts.store.get()).toMatchObject([{ type: 'error', title: 'Check the form', text: 'Already registered' }]);
  });

  it('logs anything else and shows the unknown error text', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new TypeError('Failed to fetch');
    showError(failure, t);
    showError(new ApiError(502, ''), t);
    expect(log).toHaveBeenCalledWith(failure);
    expect(alerts.store.get().map((a) => [a.type, a.title, a.text])).toEqual([
      ['error', undefined, 'Error desconocido!'],
      ['error', undefined, 'Error desconocido!'],
    ]);
    log.mockRestore();
  });

  it('stays quiet for an aborted call', () => {
    showError(new DOMException('stop', 'AbortError'), t);
    expect(alerts.store.get()).toEqual([]);
  });
});
