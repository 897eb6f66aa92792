import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/auth/route';
import { POST as refresh } from '@/app/api/auth/refreshAccess/route';
import { POST as session } from '@/app/api/auth/session/route';
import { GET as listSessions } from '@/app/api/auth/sessions/route';
import { POST as revoke } from '@/app/api/auth/sessions/revoke/route';
import { REFRESH_GRACE_MS, SESSION_IDLE_MS } from '@/lib/auth/sessions';
import { sessions } from '@/lib/auth/tables';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { accountsDb, nextIp } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

async function signedIn(note = 'demo manager', userAgent = 'Mozilla/5.0 Test') {
  const client = new Client(nextIp());
  const { email, password } = db.login(note);
  const res = await client.call(login, '/api/auth', { json: { captchaCode: await solvedCaptcha(), email, password }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return client;
}

describe('POST /api/auth/refreshAccess', () => {
  it('rotates: a new access token and a new refresh token, from the cookie or the body', async () => {
    const client = await signedIn();
    const before = client.tokens!;
    const res = await client.call(refresh, '/api/auth/refreshAccess');
    expect(res.status).toBe(200);
    expect(res.body.auth.refreshToken).not.toBe(before.refreshToken);
    expect(client.tokens!.refreshToken).toBe(res.body.auth.refreshToken);
    const claims = await verifyAccessToken(res.body.auth.accessToken);
    expect(claims?.pid).toBeTruthy();
    expect(claims?.perms.length).toBeGreaterThan(0);

    const apiClient = new Client();
    const viaBody = await apiClient.call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: client.tokens!.refreshToken } });
    expect(viaBody.status).toBe(200);
    expect(viaBody.body.auth.refreshToken).not.toBe(client.tokens!.refreshToken);
  });

  it('kills the whole session when a rotated token is used again after the grace window', async () => {
    const client = await signedIn();
    const stolen = client.tokens!.refreshToken;
    expect((await client.call(refresh, '/api/auth/refreshAccess')).status).toBe(200);
    const legit = client.tokens!;

    vi.useFakeTimers({ now: Date.now() + REFRESH_GRACE_MS + 1000, toFake: ['Date'] });
    try {
      const thief = await new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: stolen } });
      expect(thief.status).toBe(401);
      expect(thief.setCookie).toMatch(/Max-Age=0/);
    } finally {
      vi.useRealTimers();
    }
    // The family is dead: the legitimate holder's newest tokens no longer work either.
    expect((await new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: legit.refreshToken } })).status).toBe(401);
    expect((await client.call(session, '/api/auth/session')).status).toBe(401);
  });

  it('refuses a made-up token naming a live session without ending it: only a token once valid there can', async () => {
    const client = await signedIn();
    const sessionId = (await verifyAccessToken(client.tokens!.accessToken))!.sid;
    // The session id is no secret (it opens every refresh token), so anyone can write these;
    // only the server's secret makes the tag of a real one.
    const head = client.tokens!.refreshToken.split('.')[0];
    for (const forged of [`${head}.${randomBytes(32).toString('base64url')}`, `${head}.${'A'.repeat(43)}`]) {
      const res = await new Client(nextIp()).call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: forged } });
      expect(res.status).toBe(401);
    }
    expect((await client.call(session, '/api/auth/session')).status).toBe(200);
    expect((await client.call(refresh, '/api/auth/refreshAccess')).status).toBe(200);
    const [row] = await db.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    expect(row.revokedAt).toBeNull();
  });

  it('ends the session when a token rotated out twice or more comes back (stolen and replayed)', async () => {
    const client = await signedIn();
    const sessionId = (await verifyAccessToken(client.tokens!.accessToken))!.sid;
    const stolen = client.tokens!.refreshToken;
    expect((await client.call(refresh, '/api/auth/refreshAccess')).status).toBe(200);
    expect((await client.call(refresh, '/api/auth/refreshAccess')).status).toBe(200);
    const replay = await new Client(nextIp()).call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: stolen } });
    expect(replay.status).toBe(401);
    const [row] = await db.db.select({ revokedAt: sessions.revokedAt }).from(sessions).where(eq(sessions.id, sessionId));
    expect(row.revokedAt).not.toBeNull();
  });

  it('gives two tabs refreshing at once the same new token instead of killing the session', async () => {
    const client = await signedIn();
    const shared = client.tokens!.refreshToken;
    const [a, b] = await Promise.all([
      new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: shared } }),
      new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: shared } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.auth.refreshToken).toBe(b.body.auth.refreshToken);
    const later = await new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: a.body.auth.refreshToken } });
    expect(later.status).toBe(200);
  });

  it('refuses garbage, tokens of unknown sessions, and sessions idle for 7 days or past 30 days', async () => {
    for (const refreshToken of ['', 'garbage', 'AAAAAAAAAAAAAAAAAAAAAA.' + 'a'.repeat(43)])
      expect((await new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken } })).status).toBe(401);

    const idle = await signedIn();
    const idleId = (await verifyAccessToken(idle.tokens!.accessToken))!.sid;
    await db.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.id, idleId));
    expect((await idle.call(refresh, '/api/auth/refreshAccess')).status).toBe(401);

    const old = await signedIn();
    const oldId = (await verifyAccessToken(old.tokens!.accessToken))!.sid;
    await db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, oldId));
    expect((await old.call(refresh, '/api/auth/refreshAccess')).status).toBe(401);
  });
});

describe('signed-in devices', () => {
  it('lists the user’s own sessions with user agent, address and which one is this', async () => {
    const first = await signedIn('demo support', 'Firefox on Linux');
    const second = await signedIn('demo support', 'Safari on iPhone');
    const res = await second.call(listSessions, '/api/auth/sessions', { method: 'GET' });
    expect(res.status).toBe(200);
    const agents = res.body.sessions.map((s: { userAgent: string }) => s.userAgent);
    expect(agents).toEqual(expect.arrayContaining(['Firefox on Linux', 'Safari on iPhone']));
    const current = res.body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0].userAgent).toBe('Safari on iPhone');
    expect(res.body.sessions[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), ip: expect.any(String), createdAt: expect.any(String), lastUsedAt: expect.any(String) }),
    );
    expect(JSON.stringify(res.body)).not.toMatch(/Hash|refresh/i);

    const other = res.body.sessions.find((s: { userAgent: string }) => s.userAgent === 'Firefox on Linux');
    const out = await second.call(revoke, '/api/auth/sessions/revoke', { json: { id: other.id } });
    expect(out.status).toBe(200);
    expect((await first.call(session, '/api/auth/session')).status).toBe(401);
    expect((await second.call(session, '/api/auth/session')).status).toBe(200);
  });

  it('answers 404 for another user’s session and 400 for a malformed id, changing nothing', async () => {
    const mine = await signedIn('demo manager');
    const theirs = await signedIn('demo owner');
    const theirId = (await verifyAccessToken(theirs.tokens!.accessToken))!.sid;
    expect((await mine.call(revoke, '/api/auth/sessions/revoke', { json: { id: theirId } })).status).toBe(404);
    const bad = await mine.call(revoke, '/api/auth/sessions/revoke', { json: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields)).toEqual(['id']);
    expect((await theirs.call(session, '/api/auth/session')).status).toBe(200);
    expect((await new Client().call(listSessions, '/api/auth/sessions', { method: 'GET' })).status).toBe(401);
  });
});
