import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as changeProfile } from '@/app/api/auth/changeProfile/route';
import { POST as projectsOf } from '@/app/api/auth/projects/route';
import { POST as refresh } from '@/app/api/auth/refreshAccess/route';
import { POST as session } from '@/app/api/auth/session/route';
import { hashToken } from '@/lib/auth/refresh-token';
import { sessions } from '@/lib/auth/tables';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { Client } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

let n = 0;
async function newUser() {
  n += 1;
  const [user] = await db.db
    .insert(users)
    .values({ email: `picker-${n}@example.test`, name: `Picker ${n}`, status: 1 })
    .returning({ id: users.id });
  return user.id;
}

async function newProject(status = 1, name = `Project ${n + 1}`) {
  n += 1;
  const [row] = await db.db
    .insert(projects)
    .values({ key: `picker-${n}`, name, status })
    .returning({ id: projects.id });
  return row.id;
}

async function newProfile(projectId: string, name: string) {
  const [row] = await db.db
    .insert(profiles)
    .values({ projectId, name, permissions: ['USERS__VIEW'] })
    .returning({ id: profiles.id });
  return row.id;
}

/** Makes the user a member of the project holding these profiles. */
// Distinct join times: a new session starts in the user's earliest membership.
let joinedAt = Date.parse('2026-01-01T00:00:00Z');
async function join(userId: string, projectId: string, profileIds: string[], status = 1) {
  joinedAt += 1000;
  const [m] = await db.db
    .insert(memberships)
    .values({ projectId, userId, status, createdAt: new Date(joinedAt) })
    .returning({ id: memberships.id });
  for (const profileId of profileIds) await db.db.insert(membershipProfiles).values({ membershipId: m.id, profileId });
  return m.id;
}

const signIn = (userId: string) => signedInClient(db.db, userId);

const change = (client: Client, json: unknown, headers: Record<string, string> = {}) =>
  client.call(changeProfile, '/api/auth/changeProfile', { json, headers });
const sessionRow = async (id: string) => (await db.db.select().from(sessions).where(eq(sessions.id, id)))[0];

/** A user connected to `home` (Agent) who also holds Admin and Viewer in `other`. */
async function twoProjects() {
  const userId = await newUser();
  const home = await newProject(1, 'Home');
  const other = await newProject(1, 'Other');
  const agent = await newProfile(home, 'Agent');
  const admin = await newProfile(other, 'Admin');
  const viewer = await newProfile(other, 'Viewer');
  await join(userId, home, [agent]);
  await join(userId, other, [admin, viewer]);
  const { client, sessionId } = await signIn(userId);
  return { userId, home, other, agent, admin, viewer, client, sessionId };
}

describe('POST /api/auth/changeProfile', () => {
  it('switches the session to the pair: new tokens, cookie and session row; the next call acts through it', async () => {
    const u = await twoProjects();
    const before = u.client.tokens!;
    expect((await verifyAccessToken(before.accessToken))?.pid).toBe(u.home);

    const res = await change(u.client, { projectId: u.other, projectProfileId: u.admin });
    expect(res.status).toBe(200);
    expect(res.body.project).toMatchObject({ id: u.other, name: 'Other', status: 1 });
    expect(res.body.projectProfile).toMatchObject({ id: u.admin, name: 'Admin', permissions: ['USERS__VIEW'] });
    expect(res.body.user.id).toBe(u.userId);
    expect(res.body.auth.refreshToken).not.toBe(before.refreshToken);
    expect(res.setCookie).toMatch(/HttpOnly/i);
    expect(u.client.tokens).toEqual(res.body.auth);
    expect(await verifyAccessToken(res.body.auth.accessToken)).toMatchObject({ sid: u.sessionId, pid: u.other, ppid: u.admin });

    const row = await sessionRow(u.sessionId);
    expect(row).toMatchObject({ projectId: u.other, profileId: u.admin, refreshTokenHash: hashToken(res.body.auth.refreshToken), revokedAt: null });

    const next = await u.client.call(session, '/api/auth/session');
    expect(next.status).toBe(200);
    expect(next.body.project.id).toBe(u.other);
    expect(next.body.projectProfile.id).toBe(u.admin);

    // Renewing keeps the new pair.
    const renewed = await u.client.call(refresh, '/api/auth/refreshAccess');
    expect(renewed.status).toBe(200);
    expect((await verifyAccessToken(renewed.body.auth.accessToken))?.pid).toBe(u.other);

    // The token from before the switch is dead; presenting it counts as a replay and ends the session.
    const stale = await new Client().call(refresh, '/api/auth/refreshAccess', { json: { refreshToken: before.refreshToken } });
    expect(stale.status).toBe(401);
    expect((await sessionRow(u.sessionId)).revokedAt).not.toBeNull();
  });

  it('takes the refresh token from the body for API clients with a bearer token', async () => {
    const u = await twoProjects();
    const { accessToken, refreshToken } = u.client.tokens!;
    const api = new Client(nextIp());
    const res = await change(api, { refreshToken, projectId: u.other, projectProfileId: u.viewer }, { authorization: `Bearer ${accessToken}` });
    expect(res.status).toBe(200);
    expect(res.body.projectProfile.id).toBe(u.viewer);
    // Without the refresh token, a bearer caller has nothing to prove the session with.
    const bare = await change(
      new Client(nextIp()),
      { projectId: u.other, projectProfileId: u.admin },
      { authorization: `Bearer ${res.body.auth.accessToken}` },
    );
    expect(bare.status).toBe(401);
  });

  it('switches the profile inside the same project, and connects a session that had no pair', async () => {
    const u = await twoProjects();
    await change(u.client, { projectId: u.other, projectProfileId: u.admin });
    const same = await change(u.client, { projectId: u.other, projectProfileId: u.viewer });
    expect(same.status).toBe(200);
    expect((await sessionRow(u.sessionId)).profileId).toBe(u.viewer);

    const fresh = await newUser();
    const { client, sessionId } = await signIn(fresh);
    expect((await sessionRow(sessionId)).projectId).toBeNull();
    const p = await newProject();
    const owner = await newProfile(p, 'Owner');
    await join(fresh, p, [owner]);
    expect((await change(client, { projectId: p, projectProfileId: owner })).status).toBe(200);
    expect((await client.call(session, '/api/auth/session')).body.project.id).toBe(p);
  });

  it('answers 404 for a project the user is not in, or a profile they do not hold there', async () => {
    const u = await twoProjects();
    const foreign = await newProject();
    const foreignProfile = await newProfile(foreign, 'Boss');
    const unheld = await newProfile(u.other, 'Unheld');
    const cases = [
      { projectId: foreign, projectProfileId: foreignProfile },
      // A profile of another project, even one the user holds.
      { projectId: u.other, projectProfileId: u.agent },
      { projectId: u.home, projectProfileId: u.admin },
      { projectId: u.other, projectProfileId: unheld },
      { projectId: crypto.randomUUID(), projectProfileId: crypto.randomUUID() },
    ];
    for (const body of cases) {
      const res = await change(u.client, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.message).toBe('Not found.');
    }
    expect((await sessionRow(u.sessionId)).projectId).toBe(u.home);
  });

  it('refuses projects pending review or disabled, and a deactivated membership, with 403 and a reason', async () => {
    const userId = await newUser();
    const { client, sessionId } = await signIn(userId);
    const pending = await newProject(0);
    const disabled = await newProject(2);
    const inactive = await newProject(1);
    const [a, b, c] = [await newProfile(pending, 'Owner'), await newProfile(disabled, 'Owner'), await newProfile(inactive, 'Owner')];
    await join(userId, pending, [a]);
    await join(userId, disabled, [b]);
    await join(userId, inactive, [c], 0);

    const p = await change(client, { projectId: pending, projectProfileId: a });
    expect([p.status, p.body.message]).toEqual([403, 'This project is pending review and cannot be chosen yet.']);
    const d = await change(client, { projectId: disabled, projectProfileId: b }, { 'accept-language': 'es' });
    expect([d.status, d.body.message]).toEqual([403, 'Este proyecto está deshabilitado y no se puede elegir.']);
    const i = await change(client, { projectId: inactive, projectProfileId: c });
    expect([i.status, i.body.message]).toEqual([403, 'Your membership in this project is deactivated.']);
    expect((await sessionRow(sessionId)).projectId).toBeNull();
  });

  it('answers 401 for a refresh token that is not the current one of the caller’s own session', async () => {
    const u = await twoProjects();
    const otherDevice = await signIn(u.userId);
    const stranger = await signIn(await newUser());
    const target = { projectId: u.other, projectProfileId: u.admin };
    for (const refreshToken of [otherDevice.client.tokens!.refreshToken, stranger.client.tokens!.refreshToken, 'garbage']) {
      // A wrong token in the body is not rescued by the right one in the cookie.
      const res = await change(u.client, { ...target, refreshToken });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your session has ended. Please sign in again.');
    }
    // The caller's previous token, after a rotation, is no longer current either.
    const old = u.client.tokens!.refreshToken;
    expect((await u.client.call(refresh, '/api/auth/refreshAccess')).status).toBe(200);
    expect((await change(u.client, { ...target, refreshToken: old })).status).toBe(401);
    // Nothing moved, and the session still works.
    expect(await sessionRow(u.sessionId)).toMatchObject({ projectId: u.home, revokedAt: null });
    expect((await change(u.client, target)).status).toBe(200);
  });

  it('needs a session, and names each bad field in the caller’s language', async () => {
    expect((await new Client().call(changeProfile, '/api/auth/changeProfile', { json: {} })).status).toBe(401);
    const u = await twoProjects();
    const res = await change(u.client, { projectId: 'acme', projectProfileId: '' }, { 'accept-language': 'es' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Revisa algunos campos.');
    expect(res.body.data.fields).toEqual({ projectId: 'Este valor no es válido.', projectProfileId: 'Este campo es obligatorio.' });
    const notObject = await change(u.client, ['x']);
    expect(notObject.status).toBe(400);
  });
});

describe('POST /api/auth/projects', () => {
  it('lists the caller’s projects with status, state and the profiles held', async () => {
    const u = await twoProjects();
    const requested = await newProject(0, 'Asked for');
    await db.db.update(projects).set({ createdBy: u.userId }).where(eq(projects.id, requested));
    await newProfile(u.other, 'Not mine');

    const res = await u.client.call(projectsOf, '/api/auth/projects');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(
      res.body.data.projects.map((p: { name: string; status: number; state: string; profiles: { name: string }[] }) => [
        p.name,
        p.status,
        p.state,
        p.profiles.map((x) => x.name),
      ]),
    ).toEqual([
      ['Asked for', 0, 'pending', []],
      ['Home', 1, 'enabled', ['Agent']],
      ['Other', 1, 'enabled', ['Admin', 'Viewer']],
    ]);
    expect((await new Client().call(projectsOf, '/api/auth/projects')).status).toBe(401);
  });
});
