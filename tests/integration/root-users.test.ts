import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as loginRoute } from '@/app/api/auth/route';
import { POST as refreshRoute } from '@/app/api/auth/refreshAccess/route';
import { POST as resendRoute } from '@/app/api/root/users/[id]/resendConfirmation/route';
import { GET as detailRoute } from '@/app/api/root/users/[id]/route';
import { POST as statusRoute } from '@/app/api/root/users/[id]/status/route';
import { GET as listRoute } from '@/app/api/root/users/route';
import { POST as sessionRoute } from '@/app/api/auth/session/route';
import { auditLog } from '@/lib/audit/tables';
import { sessions } from '@/lib/auth/tables';
import { latestEmailTo } from '@/lib/mail/service';
import { emails } from '@/lib/mail/tables';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { setUserDisabled } from '@/lib/root/user-actions';
import { users } from '@/lib/users/tables';
import en from '@/messages/en.json';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
let root: Client;
let rootId: string;
beforeAll(async () => {
  db = await accountsDb();
  [{ id: rootId }] = await db.db.select({ id: users.id }).from(users).where(eq(users.email, 'root@localhost'));
  root = (await signedInClient(db.db, rootId)).client;
});
afterAll(async () => db.cleanup());

type Item = {
  id: string;
  name: string;
  email: string;
  state: string;
  status: number;
  isRoot: boolean;
  projects: number;
  lastSeenAt: string | null;
  createdAt: string;
};

const list = (c: Client, query = '') => c.call(listRoute, `/api/root/users${query}`, { method: 'GET' });
const detail = (c: Client, id: string) => c.call(detailRoute, `/api/root/users/${id}`, { method: 'GET', params: { id } });
const setStatus = (c: Client, id: string, json: unknown) => c.call(statusRoute, `/api/root/users/${id}/status`, { json, params: { id } });
const resend = (c: Client, id: string) => c.call(resendRoute, `/api/root/users/${id}/resendConfirmation`, { json: {}, params: { id } });
/** Any signed-in call: the session route answers whoever is signed in. */
const nextCall = (c: Client) => c.call(sessionRoute, '/api/auth/session', { json: {} });
const emailsOf = (res: { body: { data: { items: Item[] } } }) => res.body.data.items.map((i) => i.email);

const userByEmail = async (email: string) => (await db.db.select().from(users).where(eq(users.email, email)))[0];
const auditFor = (userId: string, action: string) =>
  db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId), eq(auditLog.action, action)));
const emailsTo = (to: string) => db.db.select().from(emails).where(eq(emails.to, to));

let counter = 0;
/** A user made for one test, older than the seeded ones unless `createdAt` says otherwise. */
async function newUser(values: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db.db
    .insert(users)
    .values({ email: `user${counter}@other.test`, name: `Other ${counter}`, status: 1, createdAt: new Date('2021-01-01T00:00:00Z'), ...values })
    .returning();
  return user;
}

const login = async (email: string, password: string) =>
  new Client(nextIp()).call(loginRoute, '/api/auth', { json: { captchaCode: await solvedCaptcha(), email, password } });

describe('GET /api/root/users', () => {
  beforeAll(async () => {
    // Twelve users a minute apart, so "newest first" has one right answer.
    for (let i = 1; i <= 12; i++) {
      const n = String(i).padStart(2, '0');
      await newUser({
        email: `page${n}@list.test`,
        name: `Zeta Page ${n}`,
        createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
        status: i % 3 === 0 ? -1 : 1,
        disabledAt: i === 5 ? new Date() : null,
      });
    }
    await newUser({ email: 'cotton@list.test', name: '100% Cotton' });
    await newUser({ email: 'under_score@wild.test', name: 'Under Score' });
  });

  it('lists every user newest first, 25 to a page, with state, root marker and project count', async () => {
    const res = await list(root);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { items, total, page, size } = res.body.data;
    expect([page, size]).toEqual([1, 25]);
    expect(total).toBe((await db.db.select({ id: users.id }).from(users)).length);
    const dates = items.map((i: Item) => Date.parse(i.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const owner = items.find((i: Item) => i.email === 'owner@demo.test');
    expect(owner).toMatchObject({ name: 'Olivia Owner', state: 'confirmed', status: 1, isRoot: false, projects: 1, avatar: null, disabledAt: null });
    expect(items.find((i: Item) => i.email === 'root@localhost')).toMatchObject({ isRoot: true, projects: 0 });
  });

  it('breaks ties of the same creation time by id, so pages never overlap', async () => {
    // The seed made the three demo users in one transaction: one timestamp.
    const res = await list(root, '?q=demo.test');
    const rows = await db.db.select({ id: users.id, email: users.email }).from(users);
    const expected = rows.filter((r) => r.email.endsWith('@demo.test')).sort((a, b) => (a.id < b.id ? 1 : -1));
    expect(emailsOf(res)).toEqual(expected.map((r) => r.email));
  });

  it('searches name and email whatever their case', async () => {
    const byName = await list(root, '?q=zETA%20page');
    expect(byName.body.data.total).toBe(12);
    expect(emailsOf(byName).slice(0, 3)).toEqual(['page12@list.test', 'page11@list.test', 'page10@list.test']);
    const byEmail = await list(root, '?q=PAGE07@LIST');
    expect(emailsOf(byEmail)).toEqual(['page07@list.test']);
  });

  it('takes % and _ literally', async () => {
    expect(emailsOf(await list(root, '?q=%25'))).toEqual(['cotton@list.test']);
    expect(emailsOf(await list(root, '?q=_'))).toEqual(['under_score@wild.test']);
    expect((await list(root, '?q=zeta%25page')).body.data.total).toBe(0);
  });

  it('filters by state: disabled outranks the confirmation state underneath', async () => {
    const of = async (state: string) => emailsOf(await list(root, `?q=page&state=${state}`));
    expect(await of('disabled')).toEqual(['page05@list.test']);
    expect(await of('unconfirmed')).toEqual(['page12@list.test', 'page09@list.test', 'page06@list.test', 'page03@list.test']);
    const confirmed = await of('confirmed');
    expect(confirmed).toHaveLength(7);
    expect(confirmed).not.toContain('page05@list.test');
    expect((await of('all')).length).toBe(12);
    const disabled = (await list(root, '?q=page05')).body.data.items[0];
    expect(disabled).toMatchObject({ state: 'disabled', status: 1 });
  });

  it('pages through the results', async () => {
    const first = await list(root, '?q=page&size=10');
    expect(first.body.data).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.body.data.items).toHaveLength(10);
    const second = await list(root, '?q=page&size=10&page=2');
    expect(emailsOf(second)).toEqual(['page02@list.test', 'page01@list.test']);
    const beyond = await list(root, '?q=page&size=10&page=3');
    expect(beyond.body.data).toMatchObject({ items: [], total: 12, page: 3 });
  });

  it('refuses bad query values naming the field', async () => {
    for (const [query, field] of [
      ['?size=5', 'size'],
      ['?size=101', 'size'],
      ['?page=0', 'page'],
      ['?page=1.5', 'page'],
      ['?state=gone', 'state'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ]) {
      const res = await list(root, query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.data.fields), query).toEqual([field]);
    }
  });
});

describe('GET /api/root/users/{id}', () => {
  it("shows the user's projects with state, membership, profiles, and their live sessions", async () => {
    const owner = await userByEmail('owner@demo.test');
    // A second, pending project where the membership is deactivated and holds two profiles.
    const [zulu] = await db.db.insert(projects).values({ key: 'zulu-detail', name: 'Zulu', status: 0 }).returning();
    const made = await db.db
      .insert(profiles)
      .values([
        { projectId: zulu.id, name: 'Beta' },
        { projectId: zulu.id, name: 'Alpha' },
      ])
      .returning();
    const [m] = await db.db.insert(memberships).values({ projectId: zulu.id, userId: owner.id, status: 0 }).returning();
    await db.db.insert(membershipProfiles).values(made.map((p) => ({ membershipId: m.id, profileId: p.id })));
    const before = (
      await db.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)))
    ).length;
    const a = await signedInClient(db.db, owner.id);
    await signedInClient(db.db, owner.id);
    await db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, a.sessionId));

    const res = await detail(root, owner.id);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: owner.id, email: 'owner@demo.test', state: 'confirmed', projects: 2 });
    expect(
      res.body.data.projects.map((p: { key: string; name: string; status: number; membershipStatus: number; profiles: string[] }) => [
        p.key,
        p.name,
        p.status,
        p.membershipStatus,
        p.profiles,
      ]),
    ).toEqual([
      ['demo', 'Demo Studio', 1, 1, ['Owner']],
      ['zulu-detail', 'Zulu', 0, 0, ['Alpha', 'Beta']],
    ]);
    expect(Date.parse(res.body.data.projects[0].joinedAt)).not.toBeNaN();
    expect(res.body.data.sessions).toBe(before + 1);
    // A session opened a moment ago is activity, though the user never signed in by password.
    expect(Date.now() - Date.parse(res.body.data.user.lastSeenAt)).toBeLessThan(60_000);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await detail(root, crypto.randomUUID())).status).toBe(404);
    expect((await detail(root, 'not-a-uuid')).status).toBe(404);
  });
});

describe('POST /api/root/users/{id}/status', () => {
  it('disabling ends every session at once and refuses sign-in; enabling lets them in with their confirmation kept', async () => {
    const manager = db.login('demo manager');
    const user = await userByEmail(manager.email);
    const laptop = await signedInClient(db.db, user.id);
    const phone = await signedInClient(db.db, user.id);
    expect((await nextCall(laptop.client)).status).toBe(200);

    const res = await setStatus(root, user.id, { disabled: true });
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(manager.email);
    expect(res.body.data.user).toMatchObject({ state: 'disabled', status: 1 });
    expect(res.body.data.sessions).toBe(0);

    // The very next call of either device is refused, long before its access token expires.
    expect((await nextCall(laptop.client)).status).toBe(401);
    expect((await nextCall(phone.client)).status).toBe(401);
    const refreshed = await new Client(nextIp()).call(refreshRoute, '/api/auth/refreshAccess', { json: { refreshToken: phone.tokens.refreshToken } });
    expect(refreshed.status).toBe(401);
    expect(
      await db.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt))),
    ).toEqual([]);
    // Even the right password gets the wrong-password answer: "disabled" would confirm it.
    const refused = await login(manager.email, manager.password);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(en.api.badCredentials);

    const audited = await auditFor(user.id, 'user.disable');
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: rootId, targetType: 'user', targetId: user.id });
    // Asking again changes nothing and records nothing.
    expect((await setStatus(root, user.id, { disabled: true })).status).toBe(200);
    expect(await auditFor(user.id, 'user.disable')).toHaveLength(1);

    const enabled = await setStatus(root, user.id, { disabled: false });
    expect(enabled.status).toBe(200);
    expect(enabled.body.data.user).toMatchObject({ state: 'confirmed', disabledAt: null });
    expect(await userByEmail(manager.email)).toMatchObject({ status: 1, disabledAt: null });
    expect((await login(manager.email, manager.password)).status).toBe(200);
    expect((await setStatus(root, user.id, { disabled: false })).status).toBe(200);
    expect(await auditFor(user.id, 'user.enable')).toHaveLength(1);
    // The devices signed out by the disable stay signed out.
    expect((await nextCall(laptop.client)).status).toBe(401);
  });

  it('keeps an unconfirmed user unconfirmed through disable and enable', async () => {
    const user = await newUser({ status: -1 });
    expect((await setStatus(root, user.id, { disabled: true })).body.data.user.state).toBe('disabled');
    expect((await setStatus(root, user.id, { disabled: false })).body.data.user.state).toBe('unconfirmed');
    expect((await userByEmail(user.email)).status).toBe(-1);
  });

  it('refuses disabling oneself', async () => {
    const res = await setStatus(root, rootId, { disabled: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(en.api.rootUsersSelf);
    expect((await userByEmail('root@localhost')).disabledAt).toBeNull();
    expect(await auditFor(rootId, 'user.disable')).toEqual([]);
    // Still signed in: nothing was ended.
    expect((await list(root)).status).toBe(200);
  });

  it('disables another root, but never the last enabled one', async () => {
    const other = await newUser({ isRoot: true });
    const otherClient = (await signedInClient(db.db, other.id)).client;
    expect((await setStatus(root, other.id, { disabled: true })).status).toBe(200);
    expect((await list(otherClient)).status).toBe(401);
    // Only reachable by a race (each root can only disable others), so asked of the service.
    await expect(setUserDisabled(db.db, { userId: other.id, projectId: null }, rootId, true)).rejects.toMatchObject({
      status: 409,
      message: 'rootUsersLastRoot',
    });
    expect((await userByEmail('root@localhost')).disabledAt).toBeNull();
    expect((await setStatus(root, other.id, { disabled: false })).status).toBe(200);
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const user = await newUser();
    for (const body of [{ disabled: 'yes' }, {}, { disabled: 1 }]) {
      const res = await setStatus(root, user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['disabled']);
    }
    expect((await userByEmail(user.email)).disabledAt).toBeNull();
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await setStatus(root, crypto.randomUUID(), { disabled: true })).status).toBe(404);
    expect((await setStatus(root, 'nope', { disabled: true })).status).toBe(404);
  });
});

describe('POST /api/root/users/{id}/resendConfirmation', () => {
  it("emails an unconfirmed user a new link in the user's language, and audits it", async () => {
    const user = await newUser({ status: -1, language: 'es', name: 'Ulla Unconfirmed' });
    const res = await resend(root, user.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(en.api.rootUsersConfirmationSent.replace('{email}', user.email));
    const mail = await latestEmailTo(db.db, user.email, 'emailConfirmation');
    expect(mail).toMatchObject({ locale: 'es' });
    expect(mail!.links.some((l) => l.includes('/confirmacion-email?token='))).toBe(true);
    expect(mail!.text).toContain('Ulla Unconfirmed');
    expect(await auditFor(user.id, 'user.confirmationResent')).toHaveLength(1);
  });

  it('refuses a confirmed or a disabled user, sending nothing', async () => {
    const confirmed = await newUser({ status: 1 });
    const res = await resend(root, confirmed.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(en.api.rootUsersAlreadyConfirmed);
    const disabled = await newUser({ status: -1, disabledAt: new Date() });
    const refused = await resend(root, disabled.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(en.api.rootUsersResendDisabled);
    expect(await emailsTo(confirmed.email)).toEqual([]);
    expect(await emailsTo(disabled.email)).toEqual([]);
    expect(await auditFor(disabled.id, 'user.confirmationResent')).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await resend(root, crypto.randomUUID())).status).toBe(404);
    expect((await resend(root, '123')).status).toBe(404);
  });
});

describe('a caller who is not the platform root', () => {
  it('gets 403 from every users route, and nothing changes', async () => {
    // A project owner (an isRoot profile) is still not the platform's root.
    const ownerId = (await userByEmail('owner@demo.test')).id;
    const owner = (await signedInClient(db.db, ownerId)).client;
    const support = await userByEmail('support@demo.test');
    const supportDevice = await signedInClient(db.db, support.id);
    const pending = await newUser({ status: -1 });
    const auditBefore = (await db.db.select({ id: auditLog.id }).from(auditLog)).length;

    expect((await list(owner)).status).toBe(403);
    expect((await detail(owner, support.id)).status).toBe(403);
    expect((await setStatus(owner, support.id, { disabled: true })).status).toBe(403);
    expect((await resend(owner, pending.id)).status).toBe(403);

    expect((await userByEmail(support.email)).disabledAt).toBeNull();
    expect((await nextCall(supportDevice.client)).status).toBe(200);
    expect(await emailsTo(pending.email)).toEqual([]);
    expect((await db.db.select({ id: auditLog.id }).from(auditLog)).length).toBe(auditBefore);
  });

  it('gets 401 without a session', async () => {
    expect((await list(new Client())).status).toBe(401);
  });
});
