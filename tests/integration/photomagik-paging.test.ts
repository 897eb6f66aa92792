import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as userRoute from '@/app/api/photomagik/users/[id]/route';
import * as usersRoute from '@/app/api/photomagik/users/route';
import { PHOTOMAGIK_LIMITS as L } from '@/lib/photomagik/limits';
import { photomagikGenerations, photomagikStyles, photomagikUsers } from '@/lib/photomagik/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW']);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
});

type Row = { id: string; externalId: string };
const users = (query: string) => staff.client.call(usersRoute.GET, `/api/photomagik/users?${query}`, { method: 'GET' });
const history = (id: string, query = '') => staff.client.call(userRoute.GET, `/api/photomagik/users/${id}?${query}`, { method: 'GET', params: { id } });

describe('photomagik users paging', () => {
  it('walks every user once, most recently active first, never-active last, by cursor', async () => {
    const base = Date.UTC(2026, 0, 1);
    // Same activity time for pairs, so the cursor must break ties (created, id) correctly.
    const rows = Array.from({ length: L.usersPageSize + 17 }, (_, i) => ({
      projectId: w.project.A.id,
      externalId: `page-${String(i).padStart(3, '0')}`,
      lastActiveAt: i % 5 === 0 ? null : new Date(base + Math.floor(i / 2) * 60_000),
    }));
    await db.db.insert(photomagikUsers).values(rows);
    await db.db.insert(photomagikUsers).values({ projectId: w.project.B.id, externalId: 'page-other' });
    const seen: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await users(new URLSearchParams({ q: 'page-', ...(cursor ? { before: cursor } : {}) }).toString());
      expect(res.status).toBe(200);
      expect(res.body.users.length).toBeLessThanOrEqual(L.usersPageSize);
      seen.push(...res.body.users);
      cursor = res.body.next;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(seen.map((u) => u.externalId).sort()).toEqual(rows.map((r) => r.externalId).sort());
    expect(new Set(seen.map((u) => u.id)).size).toBe(seen.length);
    const active = seen.map((u) => (u as Row & { lastActiveAt: string | null }).lastActiveAt);
    const firstNever = active.indexOf(null);
    expect(active.slice(firstNever).every((a) => a === null)).toBe(true);
    const times = active.slice(0, firstNever).map((a) => Date.parse(a!));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
  });

  it('a cursor from another project or not an id pages nothing', async () => {
    const [foreign] = await db.db.select().from(photomagikUsers).where(eq(photomagikUsers.externalId, 'page-other'));
    expect((await users(`before=${foreign.id}`)).body).toEqual({ users: [], next: null });
    expect((await users('before=nope')).body).toEqual({ users: [], next: null });
  });
});

describe('photomagik history paging', () => {
  it('pages one user history newest first, each generation once', async () => {
    const [u] = await db.db.insert(photomagikUsers).values({ projectId: w.project.A.id, externalId: 'history' }).returning();
    const [style] = await db.db.insert(photomagikStyles).values({ projectId: w.project.A.id, name: 'Paged', promptTemplate: '{prompt}' }).returning();
    const at = Date.UTC(2026, 1, 1);
    const total = L.historyPageSize * 2 + 3;
    await db.db.insert(photomagikGenerations).values(
      Array.from({ length: total }, (_, i) => ({
        projectId: w.project.A.id,
        userId: u.id,
        styleId: style.id,
        prompt: `p${i}`,
        fullPrompt: `p${i}`,
        status: 'failed' as const,
        // Pairs share a time: ties are broken by id.
        createdAt: new Date(at + Math.floor(i / 2) * 1000),
      })),
    );
    const first = await history(u.id);
    expect(first.status).toBe(200);
    expect(first.body.user.externalId).toBe('history');
    expect(first.body.generations).toHaveLength(L.historyPageSize);
    const second = await history(u.id, `before=${first.body.next}`);
    const third = await history(u.id, `before=${second.body.next}`);
    expect(third.body.generations).toHaveLength(3);
    expect(third.body.next).toBeNull();
    const all = [...first.body.generations, ...second.body.generations, ...third.body.generations];
    expect(new Set(all.map((g: { id: string }) => g.id)).size).toBe(total);
    const times = all.map((g: { createdAt: string }) => Date.parse(g.createdAt));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
    expect(all[0].prompt).toBe(`p${total - 1}`);
  });
});
