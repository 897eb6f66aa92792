import type { ChildProcess } from 'node:child_process';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as sessionRoute } from '@/app/api/auth/session/route';
import { GET as postsRoute } from '@/app/api/blog/posts/route';
import { GET as unreadRoute } from '@/app/api/chats/unread/route';
import { callerCache } from '@/lib/auth/callers';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { refreshSession, revokeSession } from '@/lib/auth/sessions';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { dbHandle } from '@/lib/db/client';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { projectTimeZone } from '@/lib/projects/time-zone';
import { users } from '@/lib/users/tables';
import { accountsDb } from './helpers/accounts';
import { feedSettled } from './helpers/feed';
import { onEachInstance, startInstance } from './helpers/instance';
import { buildWorld, type Member, type World } from './matrix/world';

// Signed-in calls read who the caller is from a cache. Every change that can alter that
// answer must reach it at once, here and on every other instance: each cause below is
// made on this instance and then checked on the very next call, here and (on PostgreSQL)
// on a second server process with a cache of its own.

type Stats = { hits: number; misses: number; drops: number; entries: number };
type Seen = { session: number; unread: number; posts: number; name?: string; project?: string | null };
type Instance = { observe(member: Member): Promise<Seen>; stats(): Promise<Stats> };

let handle: Awaited<ReturnType<typeof accountsDb>>;
const w = {} as World;
let child: ChildProcess | undefined;
const PERMS = ['CHATS__TEAM', 'EXTENSIONS__BLOG__POSTS__VIEW'];

beforeAll(async () => {
  handle = await accountsDb();
  Object.assign(w, await buildWorld(handle.db));
  // The feed comes up with the first read; this instance's cache is live before any test.
  callerCache(dbHandle());
  while (!dbHandle().changes().live()) await new Promise((resolve) => setTimeout(resolve, 10));
}, 120_000);
afterAll(async () => {
  child?.stdin?.end();
  await handle?.cleanup();
});

const here: Instance = {
  async observe(member) {
    const session = await member.client.call(sessionRoute, '/api/auth/session');
    const unread = await member.client.call(unreadRoute, '/api/chats/unread', { method: 'GET' });
    const posts = await member.client.call(postsRoute, '/api/blog/posts', { method: 'GET' });
    return { session: session.status, unread: unread.status, posts: posts.status, name: session.body?.user?.name, project: session.body?.project?.id ?? null };
  },
  async stats() {
    return callerCache(dbHandle()).stats();
  },
};

async function startThere(): Promise<Instance> {
  const started = await startInstance('api-process.ts', { ...process.env, DATABASE_URL: handle.databaseUrl, LOG_LEVEL: 'warn' });
  child = started.child;
  const port = started.port;
  const call = async (member: Member, method: string, route: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${route}`, { method, headers: { cookie: `${AUTH_COOKIE}=${member.client.cookie}` } });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  return {
    async observe(member) {
      const session = await call(member, 'POST', '/api/auth/session');
      const unread = await call(member, 'GET', '/api/chats/unread');
      const posts = await call(member, 'GET', '/api/blog/posts');
      return {
        session: session.status,
        unread: unread.status,
        posts: posts.status,
        name: session.body?.user?.name,
        project: session.body?.project?.id ?? null,
      };
    },
    async stats() {
      return (await fetch(`http://127.0.0.1:${port}/stats`)).json() as Promise<Stats>;
    },
  };
}

const sessionOf = async (m: Member) => (await verifyAccessToken(m.client.tokens!.accessToken))!.sid;
const live: Seen = { session: 200, unread: 200, posts: 200 };

/** Each cause: what it does (as the product or an operator would) and what the next call must see. */
const causes: { name: string; act(m: Member): Promise<void>; expect: Partial<Seen>; undo?(m: Member): Promise<void> }[] = [
  { name: 'the session is revoked', act: async (m) => void (await revokeSession(w.db, await sessionOf(m))), expect: { session: 401, unread: 401, posts: 401 } },
  {
    name: 'the user is disabled',
    act: async (m) => void (await w.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, m.userId))),
    expect: { session: 401, unread: 401, posts: 401 },
  },
  {
    name: 'the membership is removed',
    act: async (m) => void (await w.db.delete(memberships).where(eq(memberships.id, m.membershipId!))),
    expect: { session: 200, unread: 403, posts: 403, project: null },
  },
  {
    name: 'the membership is deactivated',
    act: async (m) => void (await w.db.update(memberships).set({ status: 0 }).where(eq(memberships.id, m.membershipId!))),
    expect: { unread: 403, posts: 403, project: null },
  },
  {
    name: 'the member loses the profile',
    act: async (m) =>
      void (await w.db
        .delete(membershipProfiles)
        .where(and(eq(membershipProfiles.membershipId, m.membershipId!), eq(membershipProfiles.profileId, m.profileId!)))),
    expect: { unread: 403, posts: 403, project: null },
  },
  {
    name: "the profile's permissions are edited",
    act: async (m) =>
      void (await w.db
        .update(profiles)
        .set({ permissions: ['EXTENSIONS__BLOG__POSTS__VIEW'] })
        .where(eq(profiles.id, m.profileId!))),
    expect: { session: 200, unread: 403, posts: 200 },
  },
  {
    name: 'the project is disabled',
    act: async () => void (await w.db.update(projects).set({ status: 2 }).where(eq(projects.id, w.project.A.id))),
    expect: { session: 200, unread: 403, posts: 403, project: null },
    undo: async () => void (await w.db.update(projects).set({ status: 1 }).where(eq(projects.id, w.project.A.id))),
  },
  {
    name: 'the blog extension is switched off',
    act: async () =>
      void (await w.db
        .update(projects)
        .set({ extensions: ['eventLogs'] })
        .where(eq(projects.id, w.project.A.id))),
    expect: { session: 200, unread: 200, posts: 404 },
    undo: async () =>
      void (await w.db
        .update(projects)
        .set({ extensions: ['blog', 'eventLogs'] })
        .where(eq(projects.id, w.project.A.id))),
  },
  {
    name: 'the user renames themselves',
    act: async (m) => void (await w.db.update(users).set({ name: 'Renamed Member' }).where(eq(users.id, m.userId))),
    expect: { session: 200, name: 'Renamed Member' },
  },
];

function suite(label: string, instance: () => Instance) {
  describe.each(causes)(`${label}: $name`, (cause) => {
    it('is seen on the very next call, after the caller was served from the cache', async () => {
      const m = await w.memberOf('A', PERMS);
      const target = instance();
      expect(await target.observe(m)).toMatchObject(live);
      // The member was just written here: until those writes are heard back, this instance reads past its cache.
      await feedSettled();
      // Three calls, each its session and its grant: all from memory. Under a loaded machine a
      // read may stand aside (a sync point not heard in time reads the database, uncounted);
      // the round is then observed again, never a miss accepted.
      let served = false;
      for (let round = 0; round < 3 && !served; round++) {
        const before = await target.stats();
        expect(await target.observe(m)).toMatchObject(live);
        const warm = await target.stats();
        expect(warm.misses).toBe(before.misses);
        served = warm.hits - before.hits >= 6;
        if (!served) await feedSettled();
      }
      expect(served).toBe(true);
      await cause.act(m);
      try {
        expect(await target.observe(m)).toMatchObject(cause.expect);
      } finally {
        await cause.undo?.(m);
      }
    });
  });

  it(`${label}: a rotated refresh token drops the session, which is read again`, async () => {
    const m = await w.memberOf('A', PERMS);
    const target = instance();
    await target.observe(m);
    const before = await target.stats();
    await refreshSession(w.db, m.client.tokens!.refreshToken, { userAgent: 'test', ip: '127.0.0.1' });
    expect(await target.observe(m)).toMatchObject(live);
    expect((await target.stats()).misses).toBeGreaterThan(before.misses);
  });
}

onEachInstance(suite, here, startThere);

describe('the cache itself', () => {
  it('answers without the database: a change made with the triggers off goes unseen until one is announced', async () => {
    const m = await w.memberOf('A', PERMS);
    expect(await here.observe(m)).toMatchObject({ ...live, name: expect.stringMatching(/^Member/) });
    await w.db.transaction(async (tx) => {
      // What no code path does: write without the announcement, to prove reads skip the database.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Unannounced' }).where(eq(users.id, m.userId));
    });
    // On PostgreSQL this instance's own write holds the cache aside until its fence is heard.
    await feedSettled();
    expect((await here.observe(m)).name).toMatch(/^Member/);
    await w.db.update(users).set({ name: 'Announced' }).where(eq(users.id, m.userId));
    expect((await here.observe(m)).name).toBe('Announced');
  });

  it("keeps what a project's members share until the project changes", async () => {
    const id = w.project.A.id;
    await projectTimeZone(w.db, id);
    await feedSettled();
    const before = await here.stats();
    expect(await projectTimeZone(w.db, id)).toBe('UTC');
    expect((await here.stats()).hits).toBe(before.hits + 1);
    await w.db.update(projects).set({ timeZone: 'Europe/Madrid' }).where(eq(projects.id, id));
    try {
      expect(await projectTimeZone(w.db, id)).toBe('Europe/Madrid');
    } finally {
      await w.db.update(projects).set({ timeZone: 'UTC' }).where(eq(projects.id, id));
    }
  });
});
