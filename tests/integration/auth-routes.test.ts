import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as logout } from '@/app/api/auth/logout/route';
import { POST as session } from '@/app/api/auth/session/route';
import { AUTH_COOKIE, encodeAuthCookie } from '@/lib/auth/cookie';
import { signAccessToken } from '@/lib/auth/tokens';
import { seed } from '@/lib/db/seed';
import { testDb } from './helpers/db';
import { member } from './helpers/members';

let db: Awaited<ReturnType<typeof testDb>>;
let cookie: string;
beforeAll(async () => {
  process.env.AUTH_SECRET = 'integration-secret-integration-secret-0123';
  db = await testDb();
  await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
  const m = await member(db.db, 'manager@demo.test');
  const accessToken = await signAccessToken({ sub: m.userId, sid: 's1', root: false, pid: m.projectId, ppid: m.profileId, prr: false, perms: [] });
  cookie = `${AUTH_COOKIE}=${encodeAuthCookie({ accessToken, refreshToken: 'r' })}`;
});
afterAll(async () => db.cleanup());

const post = (path: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers } });

describe('POST /api/auth/session', () => {
  it('answers 401 in the error shape without a session', async () => {
    const res = await session(post('/api/auth/session'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Not signed in', data: { fields: {} } });
  });

  it('returns the user, project and profile, and never a password hash', async () => {
    const res = await session(post('/api/auth/session', { cookie }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.user.email).toBe('manager@demo.test');
    expect(body.project.key).toBe('demo');
    expect(body.projectProfile.name).toBe('Manager');
    expect(JSON.stringify(body)).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses a state-changing call from another site', async () => {
    const res = await session(post('/api/auth/session', { cookie, origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    const same = await session(post('/api/auth/session', { cookie, origin: 'http://localhost:3000' }));
    expect(same.status).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it('clears the AUTH cookie', async () => {
    const res = await logout(post('/api/auth/logout', { cookie }));
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^AUTH=;/);
    expect(setCookie).toMatch(/Max-Age=0/i);
    expect(setCookie).toMatch(/HttpOnly/i);
  });
});
