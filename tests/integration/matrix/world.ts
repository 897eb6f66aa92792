import type { Db } from '@/lib/db/client';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { users } from '@/lib/users/tables';
import { afterAll, beforeAll } from 'vitest';
import { accountsDb, signedInClient } from '../helpers/accounts';
import { Client } from '../helpers/http';

export type ProjectName = 'A' | 'B';

/** Two enabled projects and a way to make signed-in members of either, holding exactly some permissions. */
export type World = {
  db: Db;
  project: Record<ProjectName, { id: string; key: string }>;
  /** A new user connected to `project` through a new profile with these permissions (or isRoot). */
  memberOf(project: ProjectName, permissions: readonly string[] | 'root'): Promise<Member>;
  /** A new signed-in user with no project. */
  signedIn(options?: { root?: boolean }): Promise<Member>;
  anonymous(): Client;
};

export type Member = { client: Client; userId: string; membershipId: string | null; profileId: string | null; email: string };

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

async function newUser(db: Db, root = false) {
  const email = `matrix-${unique()}@example.test`;
  const [user] = await db
    .insert(users)
    .values({ email, name: `Member ${counter}`, status: 1, isRoot: root })
    .returning({ id: users.id });
  return { id: user.id, email };
}

async function clientFor(db: Db, userId: string): Promise<Client> {
  return (await signedInClient(db, userId, { ip: `198.18.${counter % 250}.${(counter * 7) % 250}` })).client;
}

export async function buildWorld(db: Db): Promise<World> {
  const project = {} as World['project'];
  for (const name of ['A', 'B'] as const) {
    const key = `matrix-${name.toLowerCase()}-${unique()}`;
    const [row] = await db
      .insert(projects)
      .values({ key, name: `Matrix ${name}`, status: 1, extensions: ['blog', 'whatsappApi', 'eventLogs', 'varket', 'photomagik'] })
      .returning({ id: projects.id });
    // As every real project has: the owner profile its requester got.
    await db.insert(profiles).values({ projectId: row.id, name: 'Owner', isRoot: true });
    project[name] = { id: row.id, key };
  }
  return {
    db,
    project,
    anonymous: () => new Client(),
    async signedIn(options = {}) {
      const user = await newUser(db, options.root);
      return { client: await clientFor(db, user.id), userId: user.id, membershipId: null, profileId: null, email: user.email };
    },
    async memberOf(name, permissions) {
      const user = await newUser(db);
      const projectId = project[name].id;
      const [profile] = await db
        .insert(profiles)
        .values({ projectId, name: `Profile ${unique()}`, isRoot: permissions === 'root', permissions: permissions === 'root' ? [] : [...permissions] })
        .returning({ id: profiles.id });
      const [membership] = await db.insert(memberships).values({ projectId, userId: user.id }).returning({ id: memberships.id });
      await db.insert(membershipProfiles).values({ membershipId: membership.id, profileId: profile.id });
      // createSession connects the new session to the user's only project.
      return { client: await clientFor(db, user.id), userId: user.id, membershipId: membership.id, profileId: profile.id, email: user.email };
    },
  };
}

/**
 * A seeded database and a world of two projects for the calling test file, ready inside
 * its tests (filled in by beforeAll) and cleaned up after them.
 */
export function setupWorld(): World {
  const world = {} as World;
  let handle: Awaited<ReturnType<typeof accountsDb>> | undefined;
  beforeAll(async () => {
    handle = await accountsDb();
    Object.assign(world, await buildWorld(handle.db));
  }, 60_000);
  afterAll(async () => handle?.cleanup());
  return world;
}

/** One request as the matrix makes it. */
export type CallSpec = {
  /** The URL path (with query) the request goes to. */
  path: string;
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** The dynamic route segments, as Next passes them. */
  params?: Record<string, string | string[]>;
};

/**
 * How to call one API route in the authorization matrix. `request(w, 'A')` builds a valid
 * call acting in project A, creating in A whatever object it needs; `request(w, 'B')`
 * builds the same call aimed at an object of project B, which A's member must get 404 for.
 */
export type MatrixCase = {
  /** The route file under app/api, e.g. 'profiles/[id]/route.ts'. */
  file: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `caller` is who will make the call (for calls that name the caller's own things, like a session id). */
  request(w: World, project: ProjectName, caller: Member): Promise<CallSpec>;
  /** The success status with the declared permissions; default 200. */
  ok?: number;
  /** True when the call names an object of a project (an id in the path or body). */
  scoped?: boolean;
  /** Permissions the success call needs besides the declared ones (e.g. what it grants). */
  extra?: readonly string[];
  /** Routes the matrix cannot complete successfully (say why): only 401/403/404 are checked. */
  skipSuccess?: string;
};
