import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/auth/route';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as session } from '@/app/api/auth/session/route';
import { clearLoginLocks } from '@/lib/auth/login';
import { hashPassword } from '@/lib/auth/passwords';
import { signAccessToken } from '@/lib/auth/tokens';
import { LIMITS, hit } from '@/lib/http/rate-limit';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

const manager = () => db.login('demo manager');
async function signInAs(client: Client, email: string, password: string) {
  return client.call(login, '/api/auth', { json: { captchaCode: await solvedCaptcha(), email, password } });
}

describe('POST /api/auth', () => {
  it('signs in: tokens in the body and in an HttpOnly, SameSite=Lax cookie', async () => {
    const client = new Client(nextIp());
    const res = await signInAs(client, manager().email, manager().password);
    expect(res.status).toBe(200);
    expect(res.body.auth.accessToken).toMatch(/^ey/);
    expect(res.body.auth.refreshToken).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(res.body.user).toMatchObject({ email: 'manager@demo.test', status: 1, isRoot: false });
    expect(res.body.project.key).toBe('demo');
    expect(res.body.projectProfile.name).toBe('Manager');
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash/);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(res.setCookie).toMatch(/SameSite=lax/i);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(client.tokens?.refreshToken).toBe(res.body.auth.refreshToken);
    // Beside it, a readable hint for cached public pages, carrying nothing but "1".
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('SIGNED_IN='));
    expect(hint).toMatch(/^SIGNED_IN=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=lax/i);
  });

  it('accepts the email in any case, and root@localhost without a dot', async () => {
    const client = new Client(nextIp());
    expect((await signInAs(client, 'MANAGER@Demo.Test', manager().password)).status).toBe(200);
    const root = db.login('root');
    const res = await signInAs(new Client(nextIp()), root.email, root.password);
    expect(res.status).toBe(200);
    expect(res.body.user.isRoot).toBe(true);
  });

  it('names each missing or malformed field, in the caller’s language', async () => {
    const client = new Client(nextIp());
    const res = await client.call(login, '/api/auth', { json: { email: 'not-an-email' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['captchaCode', 'email', 'password']);
    expect(res.body.data.fields.password).toMatch(/required/i);
    const es = await client.call(login, '/api/auth', { json: { email: 'x' }, headers: { 'accept-language': 'es-CL,es;q=0.9' } });
    expect(es.body.message).toBe('Revisa algunos campos.');
    expect(es.body.data.fields.password).toMatch(/obligatorio/i);
  });

  it('refuses a wrong captcha and a replayed one', async () => {
    const client = new Client(nextIp());
    const bad = await client.call(login, '/api/auth', { json: { captchaCode: 'forged', email: manager().email, password: manager().password } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['captchaCode']);
    const code = await solvedCaptcha();
    const first = await client.call(login, '/api/auth', { json: { captchaCode: code, email: manager().email, password: manager().password } });
    expect(first.status).toBe(200);
    const replay = await client.call(login, '/api/auth', { json: { captchaCode: code, email: manager().email, password: manager().password } });
    expect(replay.status).toBe(400);
    expect(replay.body.data.fields.captchaCode).toBeTruthy();
  });

  it('gives a wrong password and an unknown email the same answer in about the same time', async () => {
    const client = new Client(nextIp());
    const t0 = performance.now();
    const wrong = await signInAs(client, manager().email, 'Wrong-password-1');
    const t1 = performance.now();
    const unknown = await signInAs(client, 'nobody@demo.test', 'Wrong-password-1');
    const t2 = performance.now();
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.setCookie).toBeUndefined();
    // Both verify an argon2id hash; without the dummy hash the unknown email would answer at once.
    const [a, b] = [t1 - t0, t2 - t1];
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.3);
  });

  it('limits one address to 10 attempts a minute, with Retry-After and a translated message', async () => {
    const client = new Client(nextIp());
    for (let i = 0; i < 10; i++) expect((await client.call(login, '/api/auth', { json: {} })).status).toBe(400);
    const limited = await client.call(login, '/api/auth', { json: {}, headers: { 'accept-language': 'es' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Demasiados intentos/);
  });

  it('locks an account for 15 minutes from the address (an IPv6 /64) that failed 10 times, never from the owner’s', async () => {
    const email = 'support@demo.test';
    const { password } = db.login('demo support');
    // Ten addresses of one /64: one network, one lock (the per-address request limit counts each alone).
    const attacker = (i: number) => new Client(`2001:db8:7:7::${(i + 1).toString(16)}`);
    for (let i = 0; i < 10; i++) expect((await signInAs(attacker(i), email, `Wrong-${i}-Password`)).status).toBe(400);
    const locked = await signInAs(attacker(10), email, password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(locked.body.message).toMatch(/locked/);
    // The owner, elsewhere, signs in as usual; other accounts are not affected.
    expect((await signInAs(new Client(nextIp()), email, password)).status).toBe(200);
    expect((await signInAs(new Client(nextIp()), manager().email, manager().password)).status).toBe(200);
  });

  it('past 100 failures an hour on an account, an address that failed waits; a clean one still signs in', async () => {
    const { email, password } = db.login('root');
    // 100 failures from a botnet, without running 100 sign-ins.
    await hit(db.db, `login-account:${email}`, LIMITS.loginAccountFailures, LIMITS.loginAccountFailures.points);
    const bot = new Client(nextIp());
    expect((await signInAs(bot, email, 'Wrong-password-1')).status).toBe(400);
    const waiting = await signInAs(bot, email, password);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(0);
    // A clean address gets its one try: the right password passes, a wrong one makes it wait too.
    expect((await signInAs(new Client(nextIp()), email, password)).status).toBe(200);
    const other = new Client(nextIp());
    expect((await signInAs(other, email, 'Wrong-password-2')).status).toBe(400);
    expect((await signInAs(other, email, password)).status).toBe(429);
    await clearLoginLocks(db.db, email);
    expect((await signInAs(bot, email, password)).status).toBe(200);
  });

  it('holds however many addresses the guesses come from: each failing address waits, a new one gets a single guess', async () => {
    const email = 'many-addresses@demo.test';
    const password = 'Right-password-1';
    await db.db.insert(users).values({ email, name: 'Many Addresses', passwordHash: await hashPassword(password), status: 1 });
    // 101 real failures (past 100), each from an address of its own (IPv4 and separate IPv6
    // /64s), so no per-address lock is ever reached: only the account's count can stop them.
    const address = (i: number) => (i % 2 === 0 ? nextIp() : `2001:db8:${(i + 0x100).toString(16)}::1`);
    const bots = Array.from({ length: LIMITS.loginAccountFailures.points + 1 }, (_, i) => new Client(address(i)));
    for (const [i, bot] of bots.entries()) expect((await signInAs(bot, email, `Wrong-${i}-Password`)).status).toBe(400);
    // Every address that guessed now waits, even with the right password: no new session.
    for (const bot of [bots[0], bots[1], bots[bots.length - 1]]) {
      const waiting = await signInAs(bot, email, password);
      expect(waiting.status).toBe(429);
      expect(waiting.setCookie).toBeUndefined();
    }
    // Another address of a /64 that guessed is that same address.
    expect((await signInAs(new Client('2001:db8:101::beef'), email, password)).status).toBe(429);
    // A fresh address gets one guess, then waits like the rest.
    const fresh = new Client(nextIp());
    expect((await signInAs(fresh, email, 'Wrong-again-Password1')).status).toBe(400);
    expect((await signInAs(fresh, email, password)).status).toBe(429);
    // The owner, from an address that never guessed, still signs in.
    expect((await signInAs(new Client(nextIp()), email, password)).status).toBe(200);
  });

  it('answers a disabled account as a wrong password, right password or not, in about the same time', async () => {
    const email = 'disabled@demo.test';
    const password = 'Right-password-1';
    await db.db.insert(users).values({ email, name: 'Dora Disabled', passwordHash: await hashPassword(password), status: 1, disabledAt: new Date() });
    const client = new Client(nextIp());
    const t0 = performance.now();
    const right = await signInAs(client, email, password);
    const t1 = performance.now();
    const wrong = await signInAs(client, email, 'Wrong-password-1');
    const t2 = performance.now();
    expect(right.status).toBe(400);
    expect(right.body).toEqual(wrong.body);
    expect(right.setCookie).toBeUndefined();
    const [a, b] = [t1 - t0, t2 - t1];
    expect(Math.min(a, b) / Math.max(a, b)).toBeGreaterThan(0.3);
  });
});

describe('POST /api/auth/session and /api/auth/logout', () => {
  it('answers for the current tokens, 401 without them or with an expired access token', async () => {
    const client = new Client(nextIp());
    expect((await client.call(session, '/api/auth/session')).status).toBe(401);
    await signInAs(client, manager().email, manager().password);
    const res = await client.call(session, '/api/auth/session');
    expect(res.status).toBe(200);
    expect(res.body.projectProfile.name).toBe('Manager');

    const claims = { sub: res.body.user.id, sid: 'x', root: false, prr: false, perms: [] };
    const expired = await signAccessToken(claims, -5);
    const stale = await new Client().call(session, '/api/auth/session', { headers: { authorization: `Bearer ${expired}` } });
    expect(stale.status).toBe(401);
    expect(stale.body).toEqual({ message: 'Please sign in.', data: { fields: {} } });
  });

  it('accepts the access token as a Bearer header, for API clients', async () => {
    const client = new Client(nextIp());
    const { body } = await signInAs(client, manager().email, manager().password);
    const res = await new Client().call(session, '/api/auth/session', { headers: { authorization: `Bearer ${body.auth.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('manager@demo.test');
  });

  it('logout revokes the session: the same access token stops working at once', async () => {
    const client = new Client(nextIp());
    const { body } = await signInAs(client, manager().email, manager().password);
    const out = await client.call(logout, '/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/^AUTH=;.*Max-Age=0/i);
    expect(out.headers.getSetCookie().find((c) => c.startsWith('SIGNED_IN='))).toMatch(/^SIGNED_IN=;.*Max-Age=0/i);
    const reused = await new Client().call(session, '/api/auth/session', { headers: { authorization: `Bearer ${body.auth.accessToken}` } });
    expect(reused.status).toBe(401);
  });

  it('refuses a state-changing call from another site', async () => {
    const client = new Client(nextIp());
    await signInAs(client, manager().email, manager().password);
    const res = await client.call(session, '/api/auth/session', { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await client.call(session, '/api/auth/session', { headers: { origin: 'http://localhost:3000' } })).status).toBe(200);
  });
});
