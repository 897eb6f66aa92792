import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '@/lib/db/seed';
import { userProjects } from '@/lib/projects/service';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { testDb } from './helpers/db';
import { member } from './helpers/members';

let db: Awaited<ReturnType<typeof testDb>>;
beforeAll(async () => {
  db = await testDb();
  await seed(db.db, { dataDir: db.dataDir, rootEmail: 'root@localhost', demoData: true });
});
afterAll(async () => db.cleanup());

describe('userProjects', () => {
  it('lists the projects a member belongs to, with the profiles held there', async () => {
    const manager = await member(db.db, 'manager@demo.test');
    expect(await userProjects(db.db, manager.userId)).toEqual([
      {
        id: manager.projectId,
        key: 'demo',
        name: 'Demo Studio',
        status: 1,
        state: 'enabled',
        membershipStatus: 1,
        profiles: [{ id: manager.profileId, name: 'Manager', isRoot: false }],
      },
    ]);
  });

  it('is empty for a user without projects', async () => {
    const [root] = await db.db.select().from(users).where(eq(users.isRoot, true));
    expect(await userProjects(db.db, root.id)).toEqual([]);
  });

  it('includes a requested project pending review, and shows states and several profiles', async () => {
    const support = await member(db.db, 'support@demo.test');
    const [requested] = await db.db.insert(projects).values({ key: 'acme', name: 'Acme', status: 0, createdBy: support.userId }).returning();
    const [disabled] = await db.db.insert(projects).values({ key: 'old', name: 'Old Works', status: 2 }).returning();
    const [m] = await db.db.insert(memberships).values({ projectId: disabled.id, userId: support.userId }).returning();
    const [p] = await db.db.insert(profiles).values({ projectId: disabled.id, name: 'Agent' }).returning();
    await db.db.insert(membershipProfiles).values({ membershipId: m.id, profileId: p.id });
    const demoOwner = (await db.db.select().from(profiles).where(eq(profiles.name, 'Owner')))[0];
    const [demoMembership] = await db.db.select().from(memberships).where(eq(memberships.userId, support.userId));
    await db.db.insert(membershipProfiles).values({ membershipId: demoMembership.id, profileId: demoOwner.id });

    const list = await userProjects(db.db, support.userId);
    expect(list.map((x) => [x.name, x.state, x.profiles.map((q) => q.name)])).toEqual([
      ['Acme', 'pending', []],
      ['Demo Studio', 'enabled', ['Owner', 'Support']],
      ['Old Works', 'disabled', ['Agent']],
    ]);
    expect(list[0]).toMatchObject({ id: requested.id, membershipStatus: null });
    // Another user sees none of these.
    const manager = await member(db.db, 'manager@demo.test');
    expect((await userProjects(db.db, manager.userId)).map((x) => x.key)).toEqual(['demo']);
  });

  it('counts a deactivated membership in an enabled project as disabled', async () => {
    const manager = await member(db.db, 'manager@demo.test');
    await db.db.update(memberships).set({ status: 0 }).where(eq(memberships.userId, manager.userId));
    expect((await userProjects(db.db, manager.userId))[0]).toMatchObject({ status: 1, state: 'disabled', membershipStatus: 0 });
  });
});
