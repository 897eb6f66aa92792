import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as removeRoute, PATCH as patchRoute } from '@/app/api/users/[id]/route';
import { GET as listRoute } from '@/app/api/users/route';
import { POST as sessionRoute } from '@/app/api/auth/session/route';
import { listAudit } from '@/lib/audit/service';
import { userProjects } from '@/lib/projects/service';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { countActiveOwners } from '@/lib/users/members';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { Client } from './helpers/http';
import { demoProject, member, type DemoProject } from './helpers/members';

let db: Awaited<ReturnType<typeof accountsDb>>;
let demo: DemoProject;
let profileIds: Record<string, string>;
beforeAll(async () => {
  db = await accountsDb();
  demo = await demoProject(db.db);
  profileIds = demo.profileIds;
});
afterAll(async () => db.cleanup());

/** A signed-in browser for a user, connected to their first project (as after login). */
const signedIn = async (userId: string) => (await signedInClient(db.db, userId)).client;
const as = async (email: string) => signedIn((await member(db.db, email)).userId);
const membershipOf = async (email: string) => {
  const { userId } = await member(db.db, email);
  const [row] = await db.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.projectId, demo.id)));
  return row;
};

const list = (c: Client) => c.call(listRoute, '/api/users', { method: 'GET' });
const patch = (c: Client, id: string, json: unknown) => c.call(patchRoute, `/api/users/${id}`, { method: 'PATCH', json, params: { id } });
const remove = (c: Client, id: string) => c.call(removeRoute, `/api/users/${id}`, { method: 'DELETE', params: { id } });
const session = (c: Client) => c.call(sessionRoute, '/api/auth/session', { json: {} });

/** A new member of the demo project holding exactly these profiles, signed in through the first. */
async function newMember(name: string, held: string[]) {
  const [user] = await db.db
    .insert(users)
    .values({ email: `${name.toLowerCase()}@demo.test`, name, status: 1 })
    .returning();
  const [m] = await db.db.insert(memberships).values({ projectId: demo.id, userId: user.id }).returning();
  await db.db.insert(membershipProfiles).values(held.map((p) => ({ membershipId: m.id, profileId: profileIds[p] })));
  return { user, membershipId: m.id, client: await signedIn(user.id) };
}
async function newProfile(name: string, permissions: string[], isRoot = false) {
  const [p] = await db.db.insert(profiles).values({ projectId: demo.id, name, permissions, isRoot }).returning();
  profileIds[name] = p.id;
  return p;
}

describe('GET /api/users', () => {
  it('lists the members with their profiles, status, last activity and the profiles one may hand out', async () => {
    const owner = await as('owner@demo.test');
    const res = await list(owner);
    expect(res.status).toBe(200);
    expect(
      res.body.members.map((m: { email: string; status: number; profiles: { name: string }[] }) => [m.email, m.status, m.profiles.map((p) => p.name)]),
    ).toEqual([
      // The demo's requesters: users of the project without a profile.
      ['carla.customer@demo.test', 1, []],
      ['diego.client@demo.test', 1, []],
      ['manager@demo.test', 1, ['Manager']],
      ['owner@demo.test', 1, ['Owner']],
      ['support@demo.test', 1, ['Support']],
    ]);
    const me = res.body.members.find((m: { email: string }) => m.email === 'owner@demo.test');
    expect(me).toMatchObject({ id: (await membershipOf('owner@demo.test')).id, name: 'Olivia Owner', avatar: null });
    // The session just opened counts as activity; joining is when the membership was made.
    expect(Date.now() - Date.parse(me.lastSeenAt)).toBeLessThan(60_000);
    expect(Date.parse(me.joinedAt)).not.toBeNaN();
    expect(res.body.invitations).toEqual([]);
    expect(res.body.profiles.map((p: { name: string; assignable: boolean }) => [p.name, p.assignable])).toEqual([
      ['Manager', true],
      ['Owner', true],
      ['Support', true],
    ]);
  });

  it('marks for a non-root viewer which profiles exceed theirs, and refuses a profile without USERS__VIEW', async () => {
    const res = await list(await as('manager@demo.test'));
    expect(res.status).toBe(200);
    // Support's permissions are all Manager's; Owner is isRoot.
    expect(res.body.profiles.map((p: { name: string; assignable: boolean }) => [p.name, p.assignable])).toEqual([
      ['Manager', true],
      ['Owner', false],
      ['Support', true],
    ]);
    const denied = await list(await as('support@demo.test'));
    expect([denied.status, denied.body.message]).toEqual([403, 'You do not have permission to do that.']);
  });

  it('answers 401 without a session', async () => {
    expect((await list(new Client(nextIp()))).status).toBe(401);
  });
});

describe('PATCH /api/users/[id]: profiles', () => {
  it('assigns and removes profiles, each change audited with before and after', async () => {
    const owner = await as('owner@demo.test');
    const support = await membershipOf('support@demo.test');
    const added = await patch(owner, support.id, { profileIds: [profileIds.Support, profileIds.Manager] });
    expect(added.status).toBe(200);
    expect(added.body.member.profiles.map((p: { name: string }) => p.name)).toEqual(['Manager', 'Support']);
    const back = await patch(owner, support.id, { profileIds: [profileIds.Support] });
    expect(back.body.member.profiles.map((p: { name: string }) => p.name)).toEqual(['Support']);

    const log = await listAudit(db.db, { projectId: demo.id, action: 'member.profiles' });
    expect(log.slice(0, 2).map((e) => [e.targetId, (e.data.after as { name: string }[]).map((p) => p.name)])).toEqual([
      [support.id, ['Support']],
      [support.id, ['Manager', 'Support']],
    ]);
    expect(log[0].actorId).toBe((await member(db.db, 'owner@demo.test')).userId);
  });

  it('refuses an empty list, a malformed id and a profile of another project', async () => {
    const owner = await as('owner@demo.test');
    const support = await membershipOf('support@demo.test');
    const empty = await patch(owner, support.id, { profileIds: [] });
    expect([empty.status, Object.keys(empty.body.data.fields)]).toEqual([400, ['profileIds']]);
    expect((await patch(owner, support.id, {})).status).toBe(400);
    const [other] = await db.db.insert(projects).values({ key: 'elsewhere', name: 'Elsewhere', status: 1 }).returning();
    const [foreign] = await db.db.insert(profiles).values({ projectId: other.id, name: 'Agent' }).returning();
    const res = await patch(owner, support.id, { profileIds: [foreign.id] });
    expect([res.status, res.body.data.fields.profileIds]).toEqual([404, 'Choose profiles of this project.']);
    expect((await member(db.db, 'support@demo.test')).profile).toBe('Support');
  });
});

describe('changes reach the member on their next request', () => {
  it('a deactivated member is disconnected with the same token, sees the project disabled, and is back once reactivated', async () => {
    const owner = await as('owner@demo.test');
    const manager = await as('manager@demo.test');
    const { id, userId } = await membershipOf('manager@demo.test');
    expect((await list(manager)).status).toBe(200);

    expect((await patch(owner, id, { status: 0 })).body.member.status).toBe(0);
    const refused = await list(manager);
    expect([refused.status, refused.body.message]).toEqual([403, 'Choose a project and profile first.']);
    expect((await session(manager)).body.project).toBeNull();
    expect((await userProjects(db.db, userId))[0]).toMatchObject({ id: demo.id, state: 'disabled', membershipStatus: 0 });
    const log = await listAudit(db.db, { projectId: demo.id, action: 'member.status' });
    expect(log[0]).toMatchObject({ targetId: id, data: { userId, before: 1, after: 0 } });

    await patch(owner, id, { status: 1 });
    expect((await list(manager)).status).toBe(200);
  });

  it('losing the profile a session acts through disconnects it at once', async () => {
    const owner = await as('owner@demo.test');
    const manager = await as('manager@demo.test');
    const { id } = await membershipOf('manager@demo.test');
    await patch(owner, id, { profileIds: [profileIds.Support] });
    expect((await list(manager)).body.message).toBe('Choose a project and profile first.');
    await patch(owner, id, { profileIds: [profileIds.Manager] });
    expect((await list(manager)).status).toBe(200);
  });
});

describe('DELETE /api/users/[id]', () => {
  it('removes a member: gone from the list, disconnected, audited', async () => {
    const owner = await as('owner@demo.test');
    const temp = await newMember('Tina', ['Manager']);
    expect((await list(temp.client)).status).toBe(200);
    const res = await remove(owner, temp.membershipId);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Member removed.');
    expect(await db.db.select().from(memberships).where(eq(memberships.id, temp.membershipId))).toEqual([]);
    expect((await list(temp.client)).body.message).toBe('Choose a project and profile first.');
    expect((await list(owner)).body.members.some((m: { email: string }) => m.email === 'tina@demo.test')).toBe(false);
    const [entry] = await listAudit(db.db, { projectId: demo.id, action: 'member.remove' });
    expect(entry).toMatchObject({ targetId: temp.membershipId, data: { userId: temp.user.id, profiles: [{ name: 'Manager' }] } });
    expect((await remove(owner, temp.membershipId)).status).toBe(404);
  });

  it('answers 404 for another project’s membership and for an id that is not one', async () => {
    const owner = await as('owner@demo.test');
    const [other] = await db.db.insert(projects).values({ key: 'other-co', name: 'Other Co', status: 1 }).returning();
    const [m] = await db.db
      .insert(memberships)
      .values({ projectId: other.id, userId: (await member(db.db, 'support@demo.test')).userId })
      .returning();
    expect((await remove(owner, m.id)).status).toBe(404);
    expect((await patch(owner, m.id, { status: 0 })).status).toBe(404);
    expect((await remove(owner, 'not-a-uuid')).status).toBe(404);
    expect((await patch(owner, "1' or '1'='1", { status: 0 })).status).toBe(404);
    expect(await db.db.select().from(memberships).where(eq(memberships.id, m.id))).toHaveLength(1);
  });
});

describe('the last owner', () => {
  it('cannot be removed, deactivated or stripped of the isRoot profile; nothing changes', async () => {
    const owner = await as('owner@demo.test');
    const { id } = await membershipOf('owner@demo.test');
    const before = (await listAudit(db.db, { projectId: demo.id })).length;
    for (const res of [await remove(owner, id), await patch(owner, id, { status: 0 }), await patch(owner, id, { profileIds: [profileIds.Manager] })]) {
      expect([res.status, res.body.message]).toEqual([409, 'The project needs at least one active owner. Make someone else an owner first.']);
    }
    expect(await membershipOf('owner@demo.test')).toMatchObject({ id, status: 1 });
    expect((await member(db.db, 'owner@demo.test')).profile).toBe('Owner');
    expect((await listAudit(db.db, { projectId: demo.id })).length).toBe(before);
    // Holding another profile beside Owner, the owner may drop that one.
    expect((await patch(owner, id, { profileIds: [profileIds.Owner, profileIds.Support] })).status).toBe(200);
    expect((await patch(owner, id, { profileIds: [profileIds.Owner] })).status).toBe(200);
  });

  it('of two, only one can go when both are taken away at once', async () => {
    const owner = await as('owner@demo.test');
    const second = await newMember('Otto', ['Owner']);
    const mine = await membershipOf('owner@demo.test');
    expect(await countActiveOwners(db.db, demo.id)).toBe(2);
    const results = await Promise.all([patch(owner, second.membershipId, { status: 0 }), remove(owner, mine.id)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await countActiveOwners(db.db, demo.id)).toBe(1);
    // Put things back for the next tests: Olivia stays the owner.
    await db.db.delete(memberships).where(eq(memberships.id, second.membershipId));
    const [olivia] = await db.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const kept = await db.db.select().from(memberships).where(eq(memberships.userId, olivia.id));
    if (kept.length === 0) {
      const [m] = await db.db.insert(memberships).values({ projectId: demo.id, userId: olivia.id }).returning();
      await db.db.insert(membershipProfiles).values({ membershipId: m.id, profileId: profileIds.Owner });
    }
    expect(await countActiveOwners(db.db, demo.id)).toBe(1);
  });
});

describe('nobody hands out what they do not hold', () => {
  it('a lead with USERS__UPDATE may give lesser profiles, not isRoot or broader ones, and cannot touch stronger members', async () => {
    await newProfile('Lead', ['USERS__VIEW', 'USERS__UPDATE', 'USERS__DELETE', 'BOARDS__VIEW']);
    await newProfile('Viewer', ['BOARDS__VIEW']);
    const lead = await newMember('Lena', ['Lead']);
    const intern = await newMember('Ian', ['Viewer']);

    const root = await patch(lead.client, intern.membershipId, { profileIds: [profileIds.Owner] });
    expect([root.status, root.body.message]).toEqual([403, 'You cannot give a profile with permissions your own profile does not have.']);
    expect((await patch(lead.client, intern.membershipId, { profileIds: [profileIds.Viewer, profileIds.Manager] })).status).toBe(403);
    expect((await member(db.db, 'ian@demo.test')).profile).toBe('Viewer');

    const ok = await patch(lead.client, intern.membershipId, { profileIds: [profileIds.Viewer, profileIds.Lead] });
    expect(ok.body.member.profiles.map((p: { name: string }) => p.name)).toEqual(['Lead', 'Viewer']);

    const owner = await membershipOf('owner@demo.test');
    const support = await membershipOf('support@demo.test');
    for (const res of [await patch(lead.client, owner.id, { status: 0 }), await remove(lead.client, support.id)]) {
      expect([res.status, res.body.message]).toEqual([403, 'This member holds permissions your profile does not have, so you cannot change them.']);
    }
    expect(await membershipOf('support@demo.test')).toBeTruthy();
  });
});

// Last: it adds many members to the demo project.
describe('GET /api/users: pages and search', () => {
  const page = (c: Client, query: string) => c.call(listRoute, `/api/users?${query}`, { method: 'GET' });

  it('gives 50 members a page with the total, searches name and email on the server, and names a bad page', async () => {
    const owner = await as('owner@demo.test');
    const before = (await list(owner)).body.total as number;
    const made = await db.db
      .insert(users)
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          email: `paged${String(i).padStart(2, '0')}@bulk.test`,
          name: `Zed Paged ${String(i).padStart(2, '0')}`,
          status: 1,
        })),
      )
      .returning();
    await db.db.insert(memberships).values(made.map((u) => ({ projectId: demo.id, userId: u.id })));

    const first = await list(owner);
    expect(first.body).toMatchObject({ total: before + 60, page: 1, size: 50 });
    expect(first.body.members).toHaveLength(50);
    const second = (await page(owner, 'page=2')).body;
    expect(second.members).toHaveLength(before + 10);
    // By name, one after the other: no member on two pages, none left out.
    const names = [...first.body.members, ...second.members].map((m: { name: string }) => m.name);
    expect(new Set(names).size).toBe(before + 60);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const byName = (await page(owner, 'q=zed%20paged%205')).body;
    expect([byName.total, byName.members.map((m: { email: string }) => m.email)]).toEqual([10, Array.from({ length: 10 }, (_, i) => `paged5${i}@bulk.test`)]);
    expect((await page(owner, 'q=PAGED07%40BULK')).body.members.map((m: { name: string }) => m.name)).toEqual(['Zed Paged 07']);
    // LIKE's wildcards are plain text here.
    expect((await page(owner, 'q=%25')).body.total).toBe(0);

    for (const bad of ['page=0', 'page=x', 'page=1.5']) {
      const res = await page(owner, bad);
      expect(res.status, bad).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['page']);
    }
  });
});
