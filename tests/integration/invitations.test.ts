import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/auth/register/route';
import { POST as sessionRoute } from '@/app/api/auth/session/route';
import { DELETE as revokeRoute } from '@/app/api/users/invitations/[id]/route';
import { POST as acceptRoute } from '@/app/api/users/invitations/accept/route';
import { POST as inviteRoute } from '@/app/api/users/invitations/route';
import { GET as listRoute } from '@/app/api/users/route';
import { listAudit } from '@/lib/audit/service';
import { latestEmailTo } from '@/lib/mail/service';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { invitations } from '@/lib/users/invitation-tables';
import { LIMITS } from '@/lib/http/rate-limit';
import { readInvitation } from '@/lib/users/invitations';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';
import { demoProject, member, type DemoProject } from './helpers/members';

let db: Awaited<ReturnType<typeof accountsDb>>;
let demo: DemoProject;
let owner: Client;
let profileIds: Record<string, string>;
beforeAll(async () => {
  db = await accountsDb();
  demo = await demoProject(db.db);
  profileIds = demo.profileIds;
  owner = await signedIn((await member(db.db, 'owner@demo.test')).userId);
});
afterAll(async () => db.cleanup());

const signedIn = async (userId: string) => (await signedInClient(db.db, userId)).client;
/** A user with no project yet: status -1 until they confirm their address. */
async function newUser(email: string, language: string | null = 'en') {
  const [user] = await db.db
    .insert(users)
    .values({ email, name: email.split('@')[0], status: -1, language })
    .returning();
  return { user, client: await signedIn(user.id) };
}

const invite = (c: Client, json: unknown) => c.call(inviteRoute, '/api/users/invitations', { json });
const accept = (c: Client, token: string) => c.call(acceptRoute, '/api/users/invitations/accept', { json: { token } });
const revoke = (c: Client, id: string) => c.call(revokeRoute, `/api/users/invitations/${id}`, { method: 'DELETE', params: { id } });
const list = (c: Client) => c.call(listRoute, '/api/users', { method: 'GET' });
const session = (c: Client) => c.call(sessionRoute, '/api/auth/session', { json: {} });

/** Invites and returns the token from the emailed link. */
async function invited(email: string, names: string[] = ['Support']) {
  const res = await invite(owner, { email, profileIds: names.map((n) => profileIds[n]) });
  expect(res.status).toBe(201);
  const mail = await latestEmailTo(db.db, email.trim().toLowerCase(), 'invitation');
  const link = new URL(mail!.links[0]);
  return { res, mail: mail!, link, token: link.searchParams.get('token')! };
}
const membershipOf = async (userId: string) =>
  (
    await db.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.projectId, demo.id)))
  )[0];

describe('POST /api/users/invitations', () => {
  it('emails a working link, lists the invitation as pending and audits it', async () => {
    const { res, mail, link, token } = await invited('  Newcomer@Example.TEST ', ['Support', 'Manager']);
    expect(res.body.invitation).toMatchObject({ email: 'newcomer@example.test', invitedBy: 'Olivia Owner' });
    expect(res.body.invitation.profiles.map((p: { name: string }) => p.name)).toEqual(['Manager', 'Support']);
    expect(res.body.message).toBe('Invitation sent to newcomer@example.test.');
    expect(Date.parse(res.body.invitation.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(mail.subject).toBe('Olivia Owner invited you to Demo Studio on Atrio');
    expect(link.pathname).toBe('/invitation');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the hash is stored.
    const [row] = await db.db.select().from(invitations).where(eq(invitations.email, 'newcomer@example.test'));
    expect(row.tokenHash).not.toContain(token);
    expect(await readInvitation(db.db, token)).toMatchObject({
      email: 'newcomer@example.test',
      projectName: 'Demo Studio',
      inviterName: 'Olivia Owner',
      state: 'valid',
    });

    const pending = (await list(owner)).body.invitations;
    expect(pending.map((i: { id: string }) => i.id)).toContain(row.id);
    const [entry] = await listAudit(db.db, { projectId: demo.id, action: 'member.invite' });
    expect(entry).toMatchObject({ targetId: row.id, data: { email: 'newcomer@example.test' } });
  });

  it('writes to an existing account in its own language', async () => {
    await newUser('lucia@example.test', 'es');
    const { mail, link } = await invited('lucia@example.test');
    expect([mail.locale, link.pathname]).toEqual(['es', '/invitacion']);
    expect(mail.subject).toContain('te invitó');
  });

  it('replaces a pending invitation of the same address: the old link stops working', async () => {
    const first = await invited('twice@example.test');
    const second = await invited('twice@example.test', ['Manager']);
    expect((await readInvitation(db.db, first.token))?.state).toBe('revoked');
    expect((await readInvitation(db.db, second.token))?.state).toBe('valid');
    const pending = (await list(owner)).body.invitations.filter((i: { email: string }) => i.email === 'twice@example.test');
    expect(pending).toHaveLength(1);
  });

  it('refuses an active member (409 on the email field), bad input and unknown profiles', async () => {
    const taken = await invite(owner, { email: 'Manager@demo.test', profileIds: [profileIds.Support] });
    expect([taken.status, taken.body.data.fields.email]).toEqual([409, 'This person is already a member of the project.']);
    const bad = await invite(owner, { email: 'nope', profileIds: [] });
    expect([bad.status, Object.keys(bad.body.data.fields).sort()]).toEqual([400, ['email', 'profileIds']]);
    const unknown = await invite(owner, { email: 'x@example.test', profileIds: ['00000000-0000-4000-8000-000000000000'] });
    expect([unknown.status, Object.keys(unknown.body.data.fields)]).toEqual([404, ['profileIds']]);
    expect(await latestEmailTo(db.db, 'x@example.test', 'invitation')).toBeNull();
  });

  it('refuses to hand out isRoot or broader profiles without holding them', async () => {
    const [lead] = await db.db
      .insert(profiles)
      .values({
        projectId: demo.id,
        name: 'Recruiter',
        permissions: ['USERS__VIEW', 'USERS__CREATE', 'CHATS__TEAM', 'CHATS__SUPPORT', 'REQUESTS__VIEW', 'REQUESTS__UPDATE', 'BOARDS__VIEW'],
      })
      .returning();
    const { user } = await newUser('recruiter@example.test');
    const [m] = await db.db.insert(memberships).values({ projectId: demo.id, userId: user.id }).returning();
    await db.db.insert(membershipProfiles).values({ membershipId: m.id, profileId: lead.id });
    const recruiter = await signedIn(user.id);
    for (const name of ['Owner', 'Manager']) {
      const res = await invite(recruiter, { email: 'climber@example.test', profileIds: [profileIds[name]] });
      expect(res.status).toBe(403);
    }
    expect(await latestEmailTo(db.db, 'climber@example.test', 'invitation')).toBeNull();
    expect((await invite(recruiter, { email: 'climber@example.test', profileIds: [profileIds.Support] })).status).toBe(201);
  });

  it('limits how many invitations one user sends in an hour', async () => {
    const { user } = await newUser('busy@example.test');
    const [m] = await db.db.insert(memberships).values({ projectId: demo.id, userId: user.id }).returning();
    await db.db.insert(membershipProfiles).values({ membershipId: m.id, profileId: profileIds.Owner });
    const busy = await signedIn(user.id);
    for (let i = 0; i < LIMITS.invitations.points; i++)
      expect((await invite(busy, { email: `n${i}@example.test`, profileIds: [profileIds.Support] })).status).toBe(201);
    const over = await invite(busy, { email: 'one-more@example.test', profileIds: [profileIds.Support] });
    expect(over.status).toBe(429);
    expect(await latestEmailTo(db.db, 'one-more@example.test', 'invitation')).toBeNull();
  });
});

describe('POST /api/users/invitations/accept', () => {
  it('lets the invited user join with the profiles, connects the session and confirms the email', async () => {
    const { user, client } = await newUser('joiner@example.test');
    const { token } = await invited('JOINER@example.test', ['Manager', 'Support']);
    expect((await session(client)).body.project).toBeNull();

    const res = await accept(client, token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('You joined Demo Studio.');
    expect(res.body.project).toMatchObject({ id: demo.id });
    expect(res.body.projectProfile).toMatchObject({ id: profileIds.Manager });
    expect(res.setCookie).toBeTruthy();
    // The browser's new cookie is connected to the project: the members list opens.
    expect((await session(client)).body.project).toMatchObject({ id: demo.id, name: 'Demo Studio' });
    expect((await list(client)).status).toBe(200);

    const m = await membershipOf(user.id);
    expect(m.status).toBe(1);
    const held = await db.db.select().from(membershipProfiles).where(eq(membershipProfiles.membershipId, m.id));
    expect(held.map((h) => h.profileId).sort()).toEqual([profileIds.Manager, profileIds.Support].sort());
    expect((await db.db.select().from(users).where(eq(users.id, user.id)))[0].status).toBe(1);
    expect((await readInvitation(db.db, token))?.state).toBe('used');
    const [entry] = await listAudit(db.db, { projectId: demo.id, action: 'member.join' });
    expect(entry).toMatchObject({ actorId: user.id, targetId: m.id });

    // A token works once.
    const again = await accept(client, token);
    expect([again.status, again.body.message]).toEqual([409, 'This invitation has already been used.']);
  });

  it('refuses another signed-in user, naming the invited address, and leaves the invitation usable', async () => {
    const { token } = await invited('rightful@example.test');
    const { user: intruder, client } = await newUser('intruder@example.test');
    const res = await accept(client, token);
    expect([res.status, res.body.message]).toEqual([403, 'This invitation is for rightful@example.test. Sign in with that address to accept it.']);
    expect(await membershipOf(intruder.id)).toBeUndefined();
    expect((await readInvitation(db.db, token))?.state).toBe('valid');
    const rightful = await newUser('rightful@example.test');
    expect((await accept(rightful.client, token)).status).toBe(200);
  });

  it('refuses an expired, a revoked and an unknown token, and a project that is disabled', async () => {
    const { user, client } = await newUser('late@example.test');
    const { token, res } = await invited('late@example.test');
    await db.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, res.body.invitation.id));
    const expired = await accept(client, token);
    expect([expired.status, expired.body.message]).toEqual([410, 'This invitation has expired. Ask for a new one.']);
    expect((await list(owner)).body.invitations.some((i: { id: string }) => i.id === res.body.invitation.id)).toBe(false);

    const fresh = await invited('late@example.test');
    const withdrawn = await revoke(owner, fresh.res.body.invitation.id);
    expect([withdrawn.status, withdrawn.body.message]).toEqual([200, 'Invitation withdrawn.']);
    const revoked = await accept(client, fresh.token);
    expect([revoked.status, revoked.body.message]).toEqual([410, 'This invitation was withdrawn.']);
    expect((await revoke(owner, fresh.res.body.invitation.id)).status).toBe(404);
    const [entry] = await listAudit(db.db, { projectId: demo.id, action: 'member.invitationRevoke' });
    expect(entry).toMatchObject({ targetId: fresh.res.body.invitation.id, data: { email: 'late@example.test' } });

    expect((await accept(client, 'x'.repeat(43))).status).toBe(404);

    const last = await invited('late@example.test');
    await db.db.update(projects).set({ status: 2 }).where(eq(projects.id, demo.id));
    const disabled = await accept(client, last.token);
    await db.db.update(projects).set({ status: 1 }).where(eq(projects.id, demo.id));
    expect(disabled.status).toBe(409);
    expect(await membershipOf(user.id)).toBeUndefined();
    expect((await accept(client, last.token)).status).toBe(200);
  });

  it('needs a session', async () => {
    const { token } = await invited('anon@example.test');
    expect((await accept(new Client(nextIp()), token)).status).toBe(401);
  });

  it('brings a deactivated member back with the invited profiles only', async () => {
    const support = await member(db.db, 'support@demo.test');
    const m = await membershipOf(support.userId);
    await db.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, m.id));
    const { token } = await invited('support@demo.test', ['Manager']);
    const res = await accept(await signedIn(support.userId), token);
    expect(res.status).toBe(200);
    const held = await db.db.select().from(membershipProfiles).where(eq(membershipProfiles.membershipId, m.id));
    expect([(await membershipOf(support.userId)).status, held.map((h) => h.profileId)]).toEqual([1, [profileIds.Manager]]);
  });

  it('lets a new person register with the invited address and land in the project', async () => {
    const { token, link } = await invited('fresh.face@example.test', ['Support']);
    expect((await readInvitation(db.db, token))?.state).toBe('valid');
    const client = new Client(nextIp());
    const reg = await client.call(register, '/api/auth/register', {
      json: { captchaCode: await solvedCaptcha(), name: 'Fresh Face', email: 'fresh.face@example.test', password: 'Secret123', navTimeZone: 'UTC' },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.project).toBeNull();
    const res = await accept(client, link.searchParams.get('token')!);
    expect(res.status).toBe(200);
    const now = await session(client);
    expect(now.body.project).toMatchObject({ id: demo.id });
    expect(now.body.projectProfile).toMatchObject({ id: profileIds.Support });
    expect(now.body.user).toMatchObject({ email: 'fresh.face@example.test', status: 1 });
  });
});
