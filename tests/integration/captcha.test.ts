import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALTCHA_TTL_SECONDS } from '@/lib/captcha/altcha';
import { sweepUsedCaptchas } from '@/lib/captcha/replay';
import { verifyCaptcha } from '@/lib/captcha/service';
import { usedCaptchas } from '@/lib/captcha/tables';
import { resetEnv } from '@/lib/env';
import { testDb } from './helpers/db';
import { fetchChallenge, solvedCaptcha, widgetCode } from './helpers/captcha';

let db: Awaited<ReturnType<typeof testDb>>;

function configure(vars: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnv();
}

const altcha = { CAPTCHA_PROVIDER: undefined, CAPTCHA_SITE_KEY: undefined, CAPTCHA_SECRET: undefined, CAPTCHA_HMAC_KEY: undefined };

beforeAll(async () => {
  configure({ ...altcha, AUTH_SECRET: 'integration-secret-integration-secret-0123', CAPTCHA_COST: '1000' });
  db = await testDb();
});
afterAll(async () => {
  configure(altcha);
  await db.cleanup();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function solved() {
  const { body } = await fetchChallenge();
  const challenge = body as Challenge;
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  return { challenge, solution, code: widgetCode(challenge, solution) };
}

describe('GET /api/auth/captcha with ALTCHA', () => {
  it('answers a fresh signed challenge that is never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { res, body } = await fetchChallenge();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body?.provider).toBe('altcha');
    const p = body!.parameters;
    expect(p).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1000, keyLength: 32 });
    expect(p.keyPrefix).toMatch(/^[0-9a-f]{32}$/);
    expect(p.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(body!.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(p.expiresAt).toBeGreaterThanOrEqual(before + ALTCHA_TTL_SECONDS);
    expect(p.expiresAt).toBeLessThanOrEqual(before + ALTCHA_TTL_SECONDS + 5);
    const other = await fetchChallenge();
    expect(other.body!.parameters.nonce).not.toBe(p.nonce);
  });

  it('limits how many challenges one address gets, with Retry-After', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 30; i++) expect((await fetchChallenge(ip)).res.status).toBe(200);
    const { res } = await fetchChallenge(ip);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await fetchChallenge('203.0.113.201')).res.status).toBe(200);
  });
});

/**
 * Runs the browser widget's own PBKDF2 worker (as shipped in the altcha package) on a
 * challenge, the way the widget does: the work split over interleaved workers.
 */
async function solveLikeTheWidget(challenge: unknown, workers = 3) {
  const source = readFileSync(path.join(process.cwd(), 'node_modules/altcha/dist/workers/pbkdf2.js'), 'utf8');
  const selves: Record<string, unknown>[] = [];
  const send = (self: Record<string, unknown>, data: unknown) => (self.onmessage as (m: unknown) => void)({ data });
  try {
    return await Promise.race(
      Array.from(
        { length: workers },
        (_, i) =>
          new Promise<{ counter: number; derivedKey: string; time?: number }>((resolve, reject) => {
            const self: Record<string, unknown> = { postMessage: (m: { error?: unknown } | null) => (m?.error ? reject(m.error) : m && resolve(m as never)) };
            selves.push(self);
            vm.runInContext(
              source,
              vm.createContext({ self, crypto, performance, setTimeout, TextEncoder, DataView, Uint8Array, ArrayBuffer, AbortController }),
            );
            send(self, { type: 'work', challenge, counterMode: 'uint32', counterStart: i, counterStep: workers, timeout: 30_000 });
          }),
      ),
    );
  } finally {
    for (const self of selves) send(self, { type: 'abort' });
  }
}

describe('the ALTCHA widget against this server', () => {
  it("solves the route's challenge with its own worker, and the code it submits verifies", async () => {
    const { body } = await fetchChallenge();
    // The component hands the first challenge to the widget as a JSON attribute.
    const attribute = JSON.parse(JSON.stringify({ parameters: body!.parameters, signature: body!.signature }));
    const solution = await solveLikeTheWidget(attribute);
    const code = btoa(JSON.stringify({ challenge: { parameters: attribute.parameters, signature: attribute.signature }, solution }));
    expect(await verifyCaptcha(db.db, code)).toBe(true);
  });
});

describe('the work in a challenge', () => {
  it('the server picks the counter from 0 to 100, so the search is short and has no part to skip', async () => {
    configure({ CAPTCHA_COST: '1' });
    try {
      const counters: number[] = [];
      for (let i = 0; i < 20; i++) counters.push((await solved()).solution.counter);
      expect(Math.max(...counters)).toBeLessThanOrEqual(100);
      // Twenty draws all at 50 or above would happen about once in a million runs.
      expect(Math.min(...counters)).toBeLessThan(50);
    } finally {
      configure({ CAPTCHA_COST: '1000' });
    }
  });
});

describe('verifyCaptcha with ALTCHA', () => {
  it('accepts a solved challenge once, and remembers it until it expires', async () => {
    const { challenge, code } = await solved();
    expect(await verifyCaptcha(db.db, code, '203.0.113.1')).toBe(true);
    expect(await verifyCaptcha(db.db, code, '203.0.113.1')).toBe(false);
    const rows = await db.db.select().from(usedCaptchas);
    const row = rows.find((r) => r.expiresAt.getTime() === challenge.parameters.expiresAt! * 1000);
    expect(row?.id).toMatch(/^altcha:[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(challenge.signature);
  });

  it('lets only one of two simultaneous uses of a code through', async () => {
    const { code } = await solved();
    const results = await Promise.all([verifyCaptcha(db.db, code), verifyCaptcha(db.db, code), verifyCaptcha(db.db, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('works with the helper the auth tests use', async () => {
    expect(await verifyCaptcha(db.db, await solvedCaptcha())).toBe(true);
  });

  it('refuses tampered challenges and solutions', async () => {
    const { challenge, solution } = await solved();
    const easier = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
    const longer = { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } };
    const extra = { ...challenge, parameters: { ...challenge.parameters, data: { role: 'root' } } };
    const wrongKey = { ...solution, derivedKey: solution.derivedKey.replace(/.$/, (c) => (c === '0' ? '1' : '0')) };
    expect(await verifyCaptcha(db.db, widgetCode(easier, solution))).toBe(false);
    expect(await verifyCaptcha(db.db, widgetCode(longer, solution))).toBe(false);
    expect(await verifyCaptcha(db.db, widgetCode(extra, solution))).toBe(false);
    expect(await verifyCaptcha(db.db, widgetCode(challenge, wrongKey))).toBe(false);
    // The untouched code still works: the refusals above did not use it up.
    expect(await verifyCaptcha(db.db, widgetCode(challenge, solution))).toBe(true);
  });

  it('refuses a challenge signed with another key', async () => {
    configure({ CAPTCHA_HMAC_KEY: 'another-captcha-key-another-captcha-key' });
    const { code } = await solved();
    configure({ CAPTCHA_HMAC_KEY: undefined });
    expect(await verifyCaptcha(db.db, code)).toBe(false);
  });

  it('refuses an expired solution', async () => {
    const { code } = await solved();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (ALTCHA_TTL_SECONDS + 1) * 1000 });
    expect(await verifyCaptcha(db.db, code)).toBe(false);
    vi.useRealTimers();
    expect(await verifyCaptcha(db.db, code)).toBe(true);
  });

  it('answers false, never throws, for malformed codes', async () => {
    const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64');
    const { challenge, solution } = await solved();
    const bad: unknown[] = [
      '',
      'forged',
      'eyJub3QiOiJ2YWxpZCJ9',
      b64('{not json'),
      b64({ challenge: null, solution: null, test: true }),
      b64({ challenge: { parameters: { ...challenge.parameters, nonce: 'zz' }, signature: challenge.signature }, solution }),
      b64({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution: { counter: -1, derivedKey: solution.derivedKey } }),
      b64({ challenge: { parameters: { ...challenge.parameters, algorithm: 'SHA-1' }, signature: challenge.signature }, solution }),
      'A'.repeat(9000),
      undefined,
      42,
    ];
    for (const code of bad) expect(await verifyCaptcha(db.db, code as string)).toBe(false);
  });

  it('sweeps records of codes that have expired', async () => {
    const past = new Date(Date.now() - 1000);
    const future = new Date(Date.now() + 60_000);
    await db.db.insert(usedCaptchas).values([
      { id: 'test:old', expiresAt: past },
      { id: 'test:live', expiresAt: future },
    ]);
    await sweepUsedCaptchas(db.db);
    expect(await db.db.select().from(usedCaptchas).where(eq(usedCaptchas.id, 'test:old'))).toHaveLength(0);
    expect(await db.db.select().from(usedCaptchas).where(eq(usedCaptchas.id, 'test:live'))).toHaveLength(1);
  });
});

describe('hosted providers', () => {
  const siteverify = (answer: unknown, status = 200) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } }));
  const sent = (spy: ReturnType<typeof siteverify>) => {
    const [url, init] = spy.mock.calls[0];
    return { url: String(url), form: new URLSearchParams(String(init?.body)) };
  };

  afterAll(() => configure(altcha));

  it('tells the widget which provider and site key to load, without creating a challenge', async () => {
    configure({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'secret-1' });
    const ip = '203.0.113.210';
    for (let i = 0; i < 31; i++) {
      const { res, body } = await fetchChallenge(ip);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(body).toEqual({ provider: 'turnstile', siteKey: 'site-key-1' });
    }
  });

  it('accepts a Turnstile token siteverify approves, once', async () => {
    configure({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'secret-1' });
    const spy = siteverify({ success: true, 'error-codes': [] });
    expect(await verifyCaptcha(db.db, 'turnstile-token-1', '203.0.113.9')).toBe(true);
    const { url, form } = sent(spy);
    expect(url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(Object.fromEntries(form)).toEqual({ secret: 'secret-1', response: 'turnstile-token-1', remoteip: '203.0.113.9' });
    // Even if the provider said yes again, the same token is not accepted twice.
    expect(await verifyCaptcha(db.db, 'turnstile-token-1', '203.0.113.9')).toBe(false);
  });

  it('refuses what siteverify refuses, and a token when it cannot be asked', async () => {
    configure({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'secret-1' });
    siteverify({ success: false, 'error-codes': ['invalid-input-response'] });
    expect(await verifyCaptcha(db.db, 'turnstile-token-2')).toBe(false);
    vi.restoreAllMocks();
    siteverify({ error: 'down' }, 503);
    expect(await verifyCaptcha(db.db, 'turnstile-token-3')).toBe(false);
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    expect(await verifyCaptcha(db.db, 'turnstile-token-4')).toBe(false);
    vi.restoreAllMocks();
    siteverify({ success: 'true' });
    expect(await verifyCaptcha(db.db, 'turnstile-token-5')).toBe(false);
  });

  it('sends hCaptcha its site key, and never asks for an empty token', async () => {
    configure({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'h-site', CAPTCHA_SECRET: 'h-secret' });
    const spy = siteverify({ success: true });
    expect(await verifyCaptcha(db.db, '')).toBe(false);
    expect(spy).not.toHaveBeenCalled();
    expect(await verifyCaptcha(db.db, 'hcaptcha-token-1')).toBe(true);
    const { url, form } = sent(spy);
    expect(url).toBe('https://api.hcaptcha.com/siteverify');
    expect(Object.fromEntries(form)).toEqual({ secret: 'h-secret', response: 'hcaptcha-token-1', sitekey: 'h-site' });
    const { body } = await fetchChallenge();
    expect(body).toEqual({ provider: 'hcaptcha', siteKey: 'h-site' });
  });

  it('does not accept an ALTCHA code while a hosted provider is configured', async () => {
    configure(altcha);
    const { code } = await solved();
    configure({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site-key-1', CAPTCHA_SECRET: 'secret-1' });
    siteverify({ success: false });
    expect(await verifyCaptcha(db.db, code)).toBe(false);
  });
});
