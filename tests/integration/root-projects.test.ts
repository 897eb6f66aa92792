import { and, count, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as extensionsRoute } from '@/app/api/root/projects/[id]/extensions/route';
import { GET as fileRoute } from '@/app/api/root/projects/[id]/files/[fileId]/route';
import { GET as detailRoute } from '@/app/api/root/projects/[id]/route';
import { GET as listRoute } from '@/app/api/root/projects/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { auditLog } from '@/lib/audit/tables';
import { membershipProfiles, memberships, profiles, projectFiles, projects } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import { users } from '@/lib/users/tables';
import type { Client } from './helpers/http';
import { tempUploadDir } from './helpers/uploads';
import { setupWorld, type Member } from './matrix/world';

let uploads: ReturnType<typeof tempUploadDir>;
beforeAll(() => {
  uploads = tempUploadDir('atrio-root-projects-');
});
afterAll(() => uploads.restore());

const w = setupWorld();

// Every project made here carries this marker in its name, so a search isolates them from the seed's.
const TAG = `orbit${Date.now().toString(36)}`;
let n = 0;
const unique = () => `${TAG}-${(n += 1)}`;

async function newUser(name: string, email = `${unique()}@example.test`) {
  const [row] = await w.db.insert(users).values({ email, name, status: 1 }).returning({ id: users.id, email: users.email });
  return row;
}

type Seed = { name: string; key?: string; status?: number; createdAt?: Date; createdBy?: string | null; members?: number; description?: string };

async function newProject(seed: Seed) {
  const [row] = await w.db
    .insert(projects)
    .values({
      key: seed.key ?? unique(),
      name: seed.name,
      status: seed.status ?? 1,
      createdAt: seed.createdAt,
      createdBy: seed.createdBy ?? null,
      description: seed.description ?? '',
    })
    .returning();
  if (seed.members) {
    const [profile] = await w.db
      .insert(profiles)
      .values({ projectId: row.id, name: 'Staff', permissions: ['USERS__VIEW'] })
      .returning({ id: profiles.id });
    for (let i = 0; i < seed.members; i++) {
      const user = await newUser(`Member ${i}`);
      const [m] = await w.db.insert(memberships).values({ projectId: row.id, userId: user.id }).returning({ id: memberships.id });
      await w.db.insert(membershipProfiles).values({ membershipId: m.id, profileId: profile.id });
    }
  }
  return row;
}

const list = (c: Client, query: Record<string, string>) => c.call(listRoute, `/api/root/projects?${new URLSearchParams(query)}`, { method: 'GET' });
const detail = (c: Client, id: string) => c.call(detailRoute, `/api/root/projects/${id}`, { method: 'GET', params: { id } });
const toggle = (c: Client, id: string, json: unknown) => c.call(extensionsRoute, `/api/root/projects/${id}/extensions`, { json, params: { id } });

/** Downloads as a browser would: the body stays bytes (Client.call reads JSON). */
async function download(c: Client, id: string, fileId: string) {
  const req = new NextRequest(`http://localhost:3000/api/root/projects/${id}/files/${fileId}`, {
    headers: { host: 'localhost:3000', cookie: `${AUTH_COOKIE}=${c.cookie}` },
  });
  const res = await fileRoute(req, { params: Promise.resolve({ id, fileId }) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const names = (body: { data: { items: { name: string }[] } }) => body.data.items.map((p) => p.name);

let root: Member;
let owner: Member;
const day = (d: number) => new Date(Date.UTC(2024, 0, d));

// A dozen projects of our own: varied names, statuses, dates, members and requesters.
let requester: { id: string; email: string };
const seeded: Awaited<ReturnType<typeof newProject>>[] = [];
beforeAll(async () => {
  root = await w.signedIn({ root: true });
  owner = await w.memberOf('A', 'root');
  requester = await newUser('Rita Requester', `rita-${TAG}@example.test`);
  const specs: Seed[] = [
    { name: `${TAG} Alpha`, status: 1, createdAt: day(1), members: 3, createdBy: requester.id },
    { name: `${TAG} bravo`, status: 0, createdAt: day(2), members: 1 },
    { name: `${TAG} Charlie`, status: 2, createdAt: day(3), members: 0 },
    { name: `${TAG} Delta 100% sure`, status: 1, createdAt: day(4), members: 2 },
    { name: `${TAG} Echo_under`, status: 0, createdAt: day(5) },
  ];
  for (let i = 6; i <= 12; i++) specs.push({ name: `${TAG} Zulu ${String(i).padStart(2, '0')}`, status: 1, createdAt: day(6) });
  for (const spec of specs) seeded.push(await newProject(spec));
});

describe('GET /api/root/projects', () => {
  it('searches name, key and requester email, whatever the case, with the total', async () => {
    const byName = await list(root.client, { q: `${TAG} ALPHA` });
    expect(byName.status).toBe(200);
    expect(names(byName.body)).toEqual([`${TAG} Alpha`]);
    expect(byName.body.data).toMatchObject({ total: 1, page: 1, size: 25 });
    const [alpha] = byName.body.data.items;
    expect(alpha).toMatchObject({
      id: seeded[0].id,
      key: seeded[0].key,
      status: 1,
      members: 3,
      requester: { id: requester.id, name: 'Rita Requester', email: requester.email },
    });
    expect(alpha.createdAt).toBe(day(1).toISOString());

    const byKey = await list(root.client, { q: seeded[1].key.toUpperCase() });
    expect(names(byKey.body)).toEqual([`${TAG} bravo`]);
    const byEmail = await list(root.client, { q: `RITA-${TAG}` });
    expect(names(byEmail.body)).toEqual([`${TAG} Alpha`]);
    const all = await list(root.client, { q: TAG });
    expect(all.body.data.total).toBe(12);
    expect(all.body.data.items.find((p: { name: string }) => p.name === `${TAG} Charlie`).requester).toBeNull();
  });

  it('matches % and _ literally, not as wildcards', async () => {
    expect(names((await list(root.client, { q: `${TAG} Delta 100%` })).body)).toEqual([`${TAG} Delta 100% sure`]);
    expect(names((await list(root.client, { q: '100% s' })).body)).toEqual([`${TAG} Delta 100% sure`]);
    expect(names((await list(root.client, { q: 'o_u' })).body)).toEqual([`${TAG} Echo_under`]);
    // As wildcards these would match every project.
    expect((await list(root.client, { q: `${TAG}%Alpha` })).body.data.total).toBe(0);
    expect((await list(root.client, { q: `${TAG}_Alpha` })).body.data.total).toBe(0);
  });

  it('filters by status', async () => {
    const pending = await list(root.client, { q: TAG, status: '0', sort: 'name', dir: 'asc' });
    expect(names(pending.body)).toEqual([`${TAG} bravo`, `${TAG} Echo_under`]);
    expect(pending.body.data.total).toBe(2);
    expect(names((await list(root.client, { q: TAG, status: '2' })).body)).toEqual([`${TAG} Charlie`]);
  });

  it('sorts by each column both ways, ties broken the same way every time', async () => {
    const byName = await list(root.client, { q: TAG, sort: 'name', dir: 'asc', size: '10' });
    // Case does not split the order: "bravo" sits between Alpha and Charlie.
    expect(names(byName.body).slice(0, 3)).toEqual([`${TAG} Alpha`, `${TAG} bravo`, `${TAG} Charlie`]);
    const newest = await list(root.client, { q: TAG });
    expect(names(newest.body).slice(-5)).toEqual([`${TAG} Echo_under`, `${TAG} Delta 100% sure`, `${TAG} Charlie`, `${TAG} bravo`, `${TAG} Alpha`]);
    const oldest = await list(root.client, { q: TAG, dir: 'asc' });
    expect(names(oldest.body)).toEqual([...names(newest.body)].reverse());
    const byMembers = await list(root.client, { q: TAG, sort: 'members', dir: 'desc' });
    expect(byMembers.body.data.items.slice(0, 3).map((p: { members: number }) => p.members)).toEqual([3, 2, 1]);
    const byStatus = await list(root.client, { q: TAG, sort: 'status', dir: 'asc' });
    expect(byStatus.body.data.items.map((p: { status: number }) => p.status)).toEqual([0, 0, ...Array(9).fill(1), 2]);
    const byKey = await list(root.client, { q: TAG, sort: 'key', dir: 'desc' });
    const keys = byKey.body.data.items.map((p: { key: string }) => p.key);
    expect(keys).toEqual([...keys].sort().reverse());
  });

  it('pages without overlap or gaps, even across tied values', async () => {
    // Seven projects share one creation time: only the id tie-break keeps pages apart.
    const first = await list(root.client, { q: TAG, size: '10', page: '1' });
    const second = await list(root.client, { q: TAG, size: '10', page: '2' });
    expect(first.body.data).toMatchObject({ total: 12, page: 1, size: 10 });
    expect(first.body.data.items).toHaveLength(10);
    expect(second.body.data.items).toHaveLength(2);
    const ids = [...first.body.data.items, ...second.body.data.items].map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(12);
    expect(new Set(ids)).toEqual(new Set(seeded.map((p) => p.id)));
    const past = await list(root.client, { q: TAG, size: '10', page: '3' });
    expect(past.body.data).toMatchObject({ items: [], total: 12, page: 3 });
  });

  it('refuses a bad query with the field named', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ size: '5' }, 'size'],
      [{ size: '101' }, 'size'],
      [{ page: '0' }, 'page'],
      [{ page: '2abc' }, 'page'],
      [{ page: '1e3' }, 'page'],
      [{ sort: 'password' }, 'sort'],
      [{ dir: 'up' }, 'dir'],
      [{ status: '3' }, 'status'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ];
    for (const [query, field] of cases) {
      const res = await list(root.client, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual([field]);
    }
  });

  it('answers only root: a project owner gets 403, no session 401', async () => {
    expect((await list(owner.client, {})).status).toBe(403);
    expect((await list(w.anonymous(), {})).status).toBe(401);
  });
});

describe('GET /api/root/projects/[id]', () => {
  it('shows the request, requester, files and members', async () => {
    const project = await newProject({ name: `${TAG} Detail`, status: 0, createdBy: requester.id, description: 'Line one.\nLine two.', members: 2 });
    await w.db.insert(projectFiles).values({
      projectId: project.id,
      key: `projects/${project.id}/files/${crypto.randomUUID()}`,
      name: 'plan.pdf',
      contentType: 'application/pdf',
      size: 12,
    });
    const res = await detail(root.client, project.id);
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.project).toMatchObject({
      id: project.id,
      key: project.key,
      name: `${TAG} Detail`,
      status: 0,
      description: 'Line one.\nLine two.',
      currency: 'USD',
      language: 'en',
      timeZone: 'UTC',
      extensions: [],
    });
    expect(data.project.createdAt).toBe(project.createdAt.toISOString());
    expect(data.requester).toEqual({ id: requester.id, name: 'Rita Requester', email: requester.email });
    expect(data.files).toEqual([{ id: expect.any(String), name: 'plan.pdf', contentType: 'application/pdf', size: 12, createdAt: expect.any(String) }]);
    expect(data.members).toHaveLength(2);
    expect(data.members[0]).toEqual({
      userId: expect.any(String),
      name: 'Member 0',
      email: expect.any(String),
      status: 1,
      profiles: ['Staff'],
      joinedAt: expect.any(String),
    });
  });

  it('answers 404 for unknown and malformed ids, 403 for non-root', async () => {
    expect((await detail(root.client, crypto.randomUUID())).status).toBe(404);
    expect((await detail(root.client, 'not-a-uuid')).status).toBe(404);
    expect((await detail(owner.client, w.project.A.id)).status).toBe(403);
  });
});

describe('GET /api/root/projects/[id]/files/[fileId]', () => {
  async function storedFile(projectId: string, name: string, bytes: Uint8Array, contentType: string) {
    const key = `projects/${projectId}/files/${crypto.randomUUID()}`;
    await storage().put(key, bytes, contentType);
    const [row] = await w.db.insert(projectFiles).values({ projectId, key, name, contentType, size: bytes.byteLength }).returning({ id: projectFiles.id });
    return row.id;
  }

  it('sends the bytes as a private attachment under their name, in any script', async () => {
    const bytes = new TextEncoder().encode('fecha,monto\n2024-01-01,10\n');
    const fileId = await storedFile(w.project.A.id, 'presupuesto "año" (v2).csv', bytes, 'text/csv');
    const res = await download(root.client, w.project.A.id, fileId);
    expect(res.status).toBe(200);
    expect(res.bytes).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('text/csv');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="presupuesto _a_o_ (v2).csv"; filename*=UTF-8''presupuesto%20%22a%C3%B1o%22%20%28v2%29.csv`,
    );
  });

  it("answers 404 for another project's file, an unknown one and one whose bytes are gone; 403 for non-root", async () => {
    const fileOfB = await storedFile(w.project.B.id, 'b.txt', new TextEncoder().encode('of B'), 'text/plain');
    expect((await download(root.client, w.project.A.id, fileOfB)).status).toBe(404);
    expect((await download(root.client, w.project.B.id, fileOfB)).status).toBe(200);
    expect((await download(root.client, w.project.A.id, crypto.randomUUID())).status).toBe(404);
    expect((await download(root.client, w.project.A.id, 'x')).status).toBe(404);
    const [gone] = await w.db
      .insert(projectFiles)
      .values({
        projectId: w.project.A.id,
        key: `projects/${w.project.A.id}/files/${crypto.randomUUID()}`,
        name: 'gone.pdf',
        contentType: 'application/pdf',
        size: 1,
      })
      .returning({ id: projectFiles.id });
    expect((await download(root.client, w.project.A.id, gone.id)).status).toBe(404);
    expect((await download(owner.client, w.project.B.id, fileOfB)).status).toBe(403);
  });
});

describe('POST /api/root/projects/[id]/extensions', () => {
  const stored = async (id: string) => (await w.db.select({ e: projects.extensions }).from(projects).where(eq(projects.id, id)))[0].e;
  const entries = async (id: string) =>
    w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.projectId, id), eq(auditLog.action, 'project.extensions')));

  it('switches an exclusive extension on and off, audited in the target project', async () => {
    const project = await newProject({ name: `${TAG} Ext` });
    await w.db
      .update(projects)
      .set({ extensions: ['blog'] })
      .where(eq(projects.id, project.id));
    const on = await toggle(root.client, project.id, { extension: 'photomagik', enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.data.project).toEqual({ id: project.id, extensions: ['blog', 'photomagik'] });
    expect(on.body.message).toBe('Photomagik is now on for this project.');
    expect(await stored(project.id)).toEqual(['blog', 'photomagik']);
    const [entry] = await entries(project.id);
    expect(entry).toMatchObject({
      actorId: root.userId,
      targetType: 'project',
      targetId: project.id,
      data: { extension: 'photomagik', enabled: true, before: ['blog'], after: ['blog', 'photomagik'] },
    });

    // Asking for the state it is already in changes and records nothing.
    expect((await toggle(root.client, project.id, { extension: 'photomagik', enabled: true })).status).toBe(200);
    expect(await entries(project.id)).toHaveLength(1);

    const off = await toggle(root.client, project.id, { extension: 'photomagik', enabled: false });
    expect(off.body.data.project.extensions).toEqual(['blog']);
    expect(await stored(project.id)).toEqual(['blog']);
    expect(await entries(project.id)).toHaveLength(2);
  });

  it('refuses bad input with the field named, and changes nothing', async () => {
    const project = await newProject({ name: `${TAG} Ext bad` });
    const blog = await toggle(root.client, project.id, { extension: 'blog', enabled: true });
    expect(blog.status).toBe(400);
    expect(Object.keys(blog.body.data.fields)).toEqual(['extension']);
    const notBool = await toggle(root.client, project.id, { extension: 'varket', enabled: 'yes' });
    expect(notBool.status).toBe(400);
    expect(Object.keys(notBool.body.data.fields)).toEqual(['enabled']);
    expect(await stored(project.id)).toEqual([]);
    expect(await entries(project.id)).toHaveLength(0);
  });

  it('refuses non-root callers (even the project owner) and unknown projects, changing nothing', async () => {
    const before = await stored(w.project.A.id);
    const [{ n }] = await w.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'project.extensions'));
    const res = await toggle(owner.client, w.project.A.id, { extension: 'varket', enabled: false });
    expect(res.status).toBe(403);
    expect(await stored(w.project.A.id)).toEqual(before);
    expect((await toggle(root.client, crypto.randomUUID(), { extension: 'varket', enabled: true })).status).toBe(404);
    expect((await toggle(root.client, 'nope', { extension: 'varket', enabled: true })).status).toBe(404);
    const [{ n: after }] = await w.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'project.extensions'));
    expect(after).toBe(n);
  });
});
