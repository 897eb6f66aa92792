import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as one from '@/app/api/profiles/[id]/route';
import * as all from '@/app/api/profiles/route';
import { auditLog } from '@/lib/audit/tables';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { accountsDb, signedInClient } from './helpers/accounts';
import { Client } from './helpers/http';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let owner: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  owner = await w.memberOf('A', 'root');
}, 60_000);
afterAll(async () => db?.cleanup());

type Res = Awaited<ReturnType<Client['call']>>;
const list = (m: Member) => m.client.call(all.GET, '/api/profiles', { method: 'GET' });
const create = (m: Member, json: unknown) => m.client.call(all.POST, '/api/profiles', { json });
const get = (m: Member, id: string) => m.client.call(one.GET, `/api/profiles/${id}`, { method: 'GET', params: { id } });
const patch = (m: Member, id: string, json: unknown) => m.client.call(one.PATCH, `/api/profiles/${id}`, { method: 'PATCH', json, params: { id } });
const remove = (m: Member, id: string) => m.client.call(one.DELETE, `/api/profiles/${id}`, { method: 'DELETE', params: { id } });

let n = 0;
const uniqueName = (base = 'Team') => `${base} ${(n += 1)}`;

async function row(id: string) {
  const [found] = await db.db.select().from(profiles).where(eq(profiles.id, id));
  return found;
}
async function auditFor(id: string) {
  return db.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(auditLog.createdAt);
}
/** A profile inserted directly, as another actor would have left it. */
async function stored(values: { name?: string; isRoot?: boolean; permissions?: string[]; projectId?: string }) {
  const [p] = await db.db
    .insert(profiles)
    .values({
      projectId: values.projectId ?? w.project.A.id,
      name: values.name ?? uniqueName('Stored'),
      isRoot: values.isRoot ?? false,
      permissions: values.permissions ?? [],
    })
    .returning();
  return p;
}
async function giveTo(member: Member, profileId: string) {
  await db.db.insert(membershipProfiles).values({ membershipId: member.membershipId!, profileId });
}

/** A project of its own with one isRoot profile held by its owner, for the last-isRoot rule. */
async function soloProject() {
  const key = `solo-${(n += 1)}`;
  const [project] = await db.db
    .insert(projects)
    .values({ key, name: `Solo ${n}`, status: 1 })
    .returning();
  const [rootProfile] = await db.db.insert(profiles).values({ projectId: project.id, name: 'Owner', isRoot: true }).returning();
  const [user] = await db.db
    .insert(users)
    .values({ email: `${key}@example.test`, name: 'Solo Owner', status: 1 })
    .returning();
  const [membership] = await db.db.insert(memberships).values({ projectId: project.id, userId: user.id }).returning();
  await db.db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: rootProfile.id });
  const { client } = await signedInClient(db.db, user.id, { ip: `198.19.0.${n % 250}` });
  const member: Member = { client, userId: user.id, membershipId: membership.id, profileId: rootProfile.id, email: user.email! };
  return { project, rootProfile, member };
}

const expectStatus = (res: Res, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

describe('profiles CRUD', () => {
  it('creates, reads, updates and deletes a profile, auditing each change in the same project', async () => {
    const created = await create(owner, { name: 'Editors', permissions: ['USERS__VIEW', 'BOARDS__VIEW', 'BOARDS__VIEW'] });
    expectStatus(created, 201);
    const id = created.body.profile.id as string;
    // Duplicates dropped, catalogue order kept.
    expect(created.body.profile).toEqual({ id, name: 'Editors', isRoot: false, permissions: ['USERS__VIEW', 'BOARDS__VIEW'], members: 0 });
    expect(created.body.message).toContain('Editors');
    expect(await row(id)).toMatchObject({ projectId: w.project.A.id, permissions: ['USERS__VIEW', 'BOARDS__VIEW'] });

    const listed = await list(owner);
    expectStatus(listed, 200);
    expect(listed.body.profiles).toContainEqual({ id, name: 'Editors', isRoot: false, permissions: ['USERS__VIEW', 'BOARDS__VIEW'], members: 0 });
    expect(listed.body.profiles.find((p: { id: string }) => p.id === owner.profileId)).toMatchObject({ isRoot: true, members: 1 });
    expect((await get(owner, id)).body.profile.name).toBe('Editors');

    const updated = await patch(owner, id, { name: 'Board editors', permissions: ['BOARDS__VIEW', 'BOARDS__UPDATE'] });
    expectStatus(updated, 200);
    expect(updated.body.profile).toEqual({ id, name: 'Board editors', isRoot: false, permissions: ['BOARDS__VIEW', 'BOARDS__UPDATE'], members: 0 });

    expectStatus(await remove(owner, id), 200);
    expect(await row(id)).toBeUndefined();
    expectStatus(await get(owner, id), 404);

    const entries = await auditFor(id);
    expect(entries.map((e) => e.action)).toEqual(['profile.create', 'profile.update', 'profile.delete']);
    for (const e of entries) expect(e).toMatchObject({ projectId: w.project.A.id, actorId: owner.userId, targetType: 'profile' });
    expect(entries[0].data).toEqual({ name: 'Editors', isRoot: false, added: ['USERS__VIEW', 'BOARDS__VIEW'], removed: [] });
    expect(entries[1].data).toEqual({ name: 'Board editors', previousName: 'Editors', added: ['BOARDS__UPDATE'], removed: ['USERS__VIEW'] });
    expect(entries[2].data).toEqual({ name: 'Board editors', isRoot: false, added: [], removed: ['BOARDS__VIEW', 'BOARDS__UPDATE'] });
  });

  it('a patch changes only what it names, and a patch that changes nothing writes no audit entry', async () => {
    const p = await stored({ permissions: ['CHATS__TEAM'] });
    expectStatus(await patch(owner, p.id, { name: 'Chatters' }), 200);
    expect(await row(p.id)).toMatchObject({ name: 'Chatters', permissions: ['CHATS__TEAM'], isRoot: false });
    expectStatus(await patch(owner, p.id, { name: 'Chatters', permissions: ['CHATS__TEAM'] }), 200);
    expect((await auditFor(p.id)).map((e) => e.action)).toEqual(['profile.update']);
  });

  it('a root owner may create a full-access profile', async () => {
    const res = await create(owner, { name: uniqueName('Admins'), isRoot: true });
    expectStatus(res, 201);
    expect(res.body.profile).toMatchObject({ isRoot: true, permissions: [] });
  });
});

describe('bad input', () => {
  it('rejects unknown permission names with 400 naming them, storing nothing', async () => {
    const before = (await list(owner)).body.profiles.length;
    const res = await create(owner, { name: 'Ghosts', permissions: ['BOARDS__VIEW', 'BOARDS__FLY', 'users__view', 'BOARDS__FLY'] });
    expectStatus(res, 400);
    // A validation answer: the field names the unknown ones (each once), not the known one.
    expect(res.body.data.fields.permissions).toMatch(/: BOARDS__FLY, users__view\.$/);
    expect((await list(owner)).body.profiles).toHaveLength(before);

    const p = await stored({ permissions: ['BOARDS__VIEW'] });
    const bad = await patch(owner, p.id, { permissions: ['BOARDS__VIEW', 'BOARDS'] });
    expectStatus(bad, 400);
    expect(bad.body.data.fields.permissions).toContain('BOARDS');
    expect((await row(p.id)).permissions).toEqual(['BOARDS__VIEW']);
  });

  it('checks the name: required, productName characters, at most 60', async () => {
    for (const name of ['', '   ', '<b>Admins</b>', 'x'.repeat(61)]) {
      const res = await create(owner, { name, permissions: [] });
      expectStatus(res, 400);
      expect(res.body.data.fields.name).toBeTruthy();
    }
    expectStatus(await create(owner, { name: 'x'.repeat(60) }), 201);
    expectStatus(await create(owner, { name: 'Sales (north) & co.', permissions: 'BOARDS__VIEW' }), 400);
  });

  it('answers 409 on the name field for a name taken in the project, whatever its case', async () => {
    expectStatus(await create(owner, { name: 'Reviewers' }), 201);
    const again = await create(owner, { name: ' reviewers ' });
    expectStatus(again, 409);
    expect(again.body.data.fields.name).toBeTruthy();
    const other = await stored({ name: uniqueName('Other') });
    const renamed = await patch(owner, other.id, { name: 'REVIEWERS' });
    expectStatus(renamed, 409);
    expect(renamed.body.data.fields.name).toBeTruthy();
    expect((await row(other.id)).name).toBe(other.name);
    // Another project may use it.
    await stored({ name: 'Reviewers', projectId: w.project.B.id });
  });
});

describe('isolation', () => {
  it("answers 404 for another project's profile and for malformed ids, changing nothing", async () => {
    const foreign = await stored({ projectId: w.project.B.id, permissions: ['BOARDS__VIEW'] });
    for (const id of [foreign.id, 'not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1"]) {
      expectStatus(await get(owner, id), 404);
      expectStatus(await patch(owner, id, { name: 'Taken over' }), 404);
      expectStatus(await remove(owner, id), 404);
    }
    expect(await row(foreign.id)).toMatchObject({ name: foreign.name, permissions: ['BOARDS__VIEW'] });
    const listed = (await list(owner)).body.profiles as { id: string }[];
    expect(listed.some((p) => p.id === foreign.id)).toBe(false);
  });
});

describe('nobody grants what they do not hold', () => {
  let manager: Member;
  beforeAll(async () => {
    manager = await w.memberOf('A', ['PROFILES__VIEW', 'PROFILES__CREATE', 'PROFILES__UPDATE', 'PROFILES__DELETE', 'BOARDS__VIEW']);
  });

  it('creating with a permission the actor lacks is 403 naming it, and nothing is created', async () => {
    const res = await create(manager, { name: 'Board cleaners', permissions: ['BOARDS__VIEW', 'BOARDS__DELETE'] });
    expectStatus(res, 403);
    expect(res.body.message).toContain('BOARDS__DELETE');
    expect(res.body.message).not.toContain('BOARDS__VIEW');
    expect(res.body.data.fields.permissions).toContain('BOARDS__DELETE');
    const names = ((await list(owner)).body.profiles as { name: string }[]).map((p) => p.name);
    expect(names).not.toContain('Board cleaners');
    // What the actor holds can be granted.
    expectStatus(await create(manager, { name: 'Board viewers', permissions: ['BOARDS__VIEW'] }), 201);
  });

  it('adding or removing an unheld permission is 403; unheld ones left in place are fine', async () => {
    const p = await stored({ permissions: ['BOARDS__DELETE'] });
    expectStatus(await patch(manager, p.id, { permissions: ['BOARDS__DELETE', 'BOARDS__UPDATE'] }), 403);
    expectStatus(await patch(manager, p.id, { permissions: [] }), 403);
    expect((await row(p.id)).permissions).toEqual(['BOARDS__DELETE']);
    const ok = await patch(manager, p.id, { permissions: ['BOARDS__DELETE', 'BOARDS__VIEW'] });
    expectStatus(ok, 200);
    expect(ok.body.profile.permissions).toEqual(['BOARDS__VIEW', 'BOARDS__DELETE']);
  });

  it('cannot add to their own profile what they lack', async () => {
    const res = await patch(manager, manager.profileId!, {
      permissions: ['PROFILES__VIEW', 'PROFILES__CREATE', 'PROFILES__UPDATE', 'PROFILES__DELETE', 'BOARDS__VIEW', 'BOARDS__DELETE', 'USERS__DELETE'],
    });
    expectStatus(res, 403);
    expect(res.body.data.permissions).toEqual(['USERS__DELETE', 'BOARDS__DELETE']);
    expect((await row(manager.profileId!)).permissions).not.toContain('BOARDS__DELETE');
  });

  it('only a full-access actor sets or clears isRoot, or touches a full-access profile', async () => {
    const created = await create(manager, { name: 'Sneaky admins', isRoot: true });
    expectStatus(created, 403);
    expect(created.body.data.fields.isRoot).toBeTruthy();
    const p = await stored({ permissions: ['BOARDS__VIEW'] });
    expectStatus(await patch(manager, p.id, { isRoot: true }), 403);
    expectStatus(await patch(manager, manager.profileId!, { isRoot: true }), 403);
    expect((await row(manager.profileId!)).isRoot).toBe(false);
    // Sending the flag unchanged is no change.
    expectStatus(await patch(manager, p.id, { isRoot: false, name: uniqueName('Viewers') }), 200);

    const rootProfile = await stored({ isRoot: true });
    expectStatus(await patch(manager, rootProfile.id, { name: 'Renamed by manager' }), 403);
    expectStatus(await patch(manager, rootProfile.id, { isRoot: false }), 403);
    expectStatus(await remove(manager, rootProfile.id), 403);
    expect(await row(rootProfile.id)).toMatchObject({ name: rootProfile.name, isRoot: true });
  });
});

describe('the project keeps a full-access profile', () => {
  it('the last isRoot profile cannot be demoted or deleted (409)', async () => {
    const solo = await soloProject();
    const demote = await patch(solo.member, solo.rootProfile.id, { isRoot: false });
    expectStatus(demote, 409);
    expect(demote.body.data.fields.isRoot).toBeTruthy();
    const del = await remove(solo.member, solo.rootProfile.id);
    expectStatus(del, 409);
    expect(del.body.message).toBe(demote.body.message);
    expect((await row(solo.rootProfile.id)).isRoot).toBe(true);

    // With a second one, either may go.
    const second = await create(solo.member, { name: 'Co-owners', isRoot: true });
    expectStatus(second, 201);
    expectStatus(await remove(solo.member, second.body.profile.id), 200);
    expectStatus(await patch(solo.member, solo.rootProfile.id, { isRoot: false }), 409);
  });

  it('the full-access profile the only owner holds keeps it, even beside an unheld one (409)', async () => {
    const solo = await soloProject();
    await stored({ projectId: solo.project.id, name: 'Nobody holds this', isRoot: true });
    const demote = await patch(solo.member, solo.rootProfile.id, { isRoot: false });
    expectStatus(demote, 409);
    expect(demote.body.data.fields.isRoot).toBeTruthy();
    expect((await row(solo.rootProfile.id)).isRoot).toBe(true);
    expect((await auditFor(solo.rootProfile.id)).filter((e) => e.action === 'profile.update')).toHaveLength(0);
  });

  it('two concurrent demotions of the last two isRoot profiles leave one', async () => {
    const solo = await soloProject();
    const other = await stored({ projectId: solo.project.id, name: 'Second owner', isRoot: true });
    const results = await Promise.all([patch(solo.member, other.id, { isRoot: false }), patch(solo.member, solo.rootProfile.id, { isRoot: false })]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const roots = await db.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.projectId, solo.project.id), eq(profiles.isRoot, true)));
    expect(roots).toHaveLength(1);
  });
});

describe('profiles in use', () => {
  it('cannot be deleted until their members are moved (409 with the count)', async () => {
    const p = await stored({ permissions: ['BOARDS__VIEW'] });
    const a = await w.memberOf('A', ['BOARDS__VIEW']);
    const b = await w.memberOf('A', ['BOARDS__VIEW']);
    await giveTo(a, p.id);
    await giveTo(b, p.id);
    const res = await remove(owner, p.id);
    expectStatus(res, 409);
    expect(res.body.data.members).toBe(2);
    expect(res.body.message).toContain('2');
    expect((await list(owner)).body.profiles.find((x: { id: string }) => x.id === p.id).members).toBe(2);
    await db.db.delete(membershipProfiles).where(eq(membershipProfiles.profileId, p.id));
    expectStatus(await remove(owner, p.id), 200);
  });
});

describe('changes take effect at once', () => {
  it('a member whose profile loses PROFILES__VIEW gets 403 on the next request with the same token', async () => {
    const viewer = await w.memberOf('A', ['PROFILES__VIEW', 'BOARDS__VIEW']);
    expectStatus(await list(viewer), 200);
    expectStatus(await patch(owner, viewer.profileId!, { permissions: ['BOARDS__VIEW'] }), 200);
    const cookie = viewer.client.cookie;
    const after = await list(viewer);
    expectStatus(after, 403);
    expect(viewer.client.cookie).toBe(cookie);
  });
});
