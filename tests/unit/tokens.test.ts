import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccessClaims } from '@/lib/auth/claims';
import { decodeAuthCookie, encodeAuthCookie } from '@/lib/auth/cookie';
import { signAccessToken, verifyAccessToken } from '@/lib/auth/tokens';
import { resetEnv } from '@/lib/env';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
const claims: AccessClaims = { sub: 'u1', sid: 's1', root: false, pid: 'p1', ppid: 'pp1', prr: false, perms: ['USERS__VIEW'] };

beforeAll(() => {
  process.env.AUTH_SECRET = SECRET;
  resetEnv();
});

const key = (s = SECRET) => new TextEncoder().encode(s);

describe('access tokens', () => {
  it('round-trip their claims', async () => {
    expect(await verifyAccessToken(await signAccessToken(claims))).toEqual(claims);
  });

  it('last 10 minutes', async () => {
    const token = await signAccessToken(claims);
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(600);
    expect(payload.aud).toBe('atrio:access');
  });

  it('are refused when expired, tampered, signed with another key or another audience', async () => {
    expect(await verifyAccessToken(await signAccessToken(claims, -1))).toBeNull();
    const token = await signAccessToken(claims);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), root: true })).toString('base64url');
    expect(await verifyAccessToken(`${h}.${forged}.${s}`)).toBeNull();
    const otherKey = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('atrio')
      .setAudience('atrio:access')
      .setExpirationTime('5m')
      .sign(key('another-secret-another-secret-another-secret'));
    expect(await verifyAccessToken(otherKey)).toBeNull();
    const otherAudience = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('atrio')
      .setAudience('atrio:socket')
      .setExpirationTime('5m')
      .sign(key());
    expect(await verifyAccessToken(otherAudience)).toBeNull();
  });

  it('accept only HS256 (no "none", no other HMAC)', async () => {
    const none = new UnsecuredJWT({ sid: 's' }).setSubject('u').setIssuer('atrio').setAudience('atrio:access').setExpirationTime('5m').encode();
    expect(await verifyAccessToken(none)).toBeNull();
    const hs512 = await new SignJWT({ sid: 's' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u')
      .setIssuer('atrio')
      .setAudience('atrio:access')
      .setExpirationTime('5m')
      .sign(key());
    expect(await verifyAccessToken(hs512)).toBeNull();
  });

  it('need a subject and a session', async () => {
    const noSession = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u')
      .setIssuer('atrio')
      .setAudience('atrio:access')
      .setExpirationTime('5m')
      .sign(key());
    expect(await verifyAccessToken(noSession)).toBeNull();
    expect(await verifyAccessToken('')).toBeNull();
    expect(await verifyAccessToken('not.a.jwt')).toBeNull();
  });
});

describe('a verified token, remembered', () => {
  afterEach(() => {
    vi.useRealTimers();
    process.env.AUTH_SECRET = SECRET;
    resetEnv();
  });

  it('answers the same frozen claims again without another check', async () => {
    const token = await signAccessToken(claims);
    const first = await verifyAccessToken(token);
    expect(await verifyAccessToken(token)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first!.perms)).toBe(true);
  });

  it('is refused from the second it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
    const token = await signAccessToken(claims, 60);
    expect(await verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-28T10:00:59Z'));
    expect(await verifyAccessToken(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-28T10:01:00Z'));
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it('is refused once the signing secret changes', async () => {
    const token = await signAccessToken(claims);
    expect(await verifyAccessToken(token)).toEqual(claims);
    process.env.AUTH_SECRET = 'rotated-secret-rotated-secret-rotated-0123';
    resetEnv();
    expect(await verifyAccessToken(token)).toBeNull();
  });

  it('vouches for nothing else: the same claims under a changed signature are refused', async () => {
    const token = await signAccessToken(claims);
    expect(await verifyAccessToken(token)).toEqual(claims);
    const [h, p, s] = token.split('.');
    const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    expect(await verifyAccessToken(`${h}.${p}.${flipped}`)).toBeNull();
  });
});

describe('the AUTH cookie', () => {
  it('carries both tokens and rejects anything else', () => {
    const value = encodeAuthCookie({ accessToken: 'a.b.c', refreshToken: 'r' });
    expect(decodeAuthCookie(value)).toEqual({ accessToken: 'a.b.c', refreshToken: 'r' });
    expect(decodeAuthCookie('garbage')).toBeNull();
    expect(decodeAuthCookie(Buffer.from('{"accessToken":1}').toString('base64url'))).toBeNull();
    expect(decodeAuthCookie(undefined)).toBeNull();
  });
});
