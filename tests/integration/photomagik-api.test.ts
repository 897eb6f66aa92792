import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as categoriesRoute from '@/app/api/photomagik/categories/route';
import * as creditsRoute from '@/app/api/photomagik/users/[id]/credits/route';
import * as keyRoute from '@/app/api/photomagik/key/route';
import * as overviewRoute from '@/app/api/photomagik/overview/route';
import * as styleOrderRoute from '@/app/api/photomagik/styles/order/route';
import * as styleRoute from '@/app/api/photomagik/styles/[id]/route';
import * as stylesRoute from '@/app/api/photomagik/styles/route';
import * as userRoute from '@/app/api/photomagik/users/[id]/route';
import * as imageRoute from '@/app/api/photomagik/generations/[id]/image/route';
import * as generateRoute from '@/app/api/projects/[key]/photomagik/generate/route';
import * as pollRoute from '@/app/api/projects/[key]/photomagik/generations/[id]/route';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { auditLog } from '@/lib/audit/tables';
import { localProvider } from '@/lib/photomagik/providers/local';
import { drainQueue } from '@/lib/photomagik/queue';
import { photomagikGenerations, photomagikStyles, photomagikUsers } from '@/lib/photomagik/tables';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { tempUploadDir } from './helpers/uploads';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let staff: Member;
let uploads: ReturnType<typeof tempUploadDir>;

const ALL = [
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__VIEW',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__USERS__UPDATE',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__VIEW',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CREATE',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__UPDATE',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__DELETE',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__VIEW',
  'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES__CREATE',
];

beforeAll(async () => {
  uploads = tempUploadDir('atrio-photomagik-api-');
  db = await accountsDb();
  w = await buildWorld(db.db);
  staff = await w.memberOf('A', ALL);
}, 60_000);
afterAll(async () => {
  await db?.cleanup();
  uploads?.restore();
});

const createStyle = (json: unknown, headers?: Record<string, string>) => staff.client.call(stylesRoute.POST, '/api/photomagik/styles', { json, headers });
const generate = (key: string | null, json: unknown, projectKey = w.project.A.key) =>
  w.anonymous().call(generateRoute.POST, `/api/projects/${projectKey}/photomagik/generate`, {
    json,
    headers: key ? { authorization: `Bearer ${key}` } : {},
    params: { key: projectKey },
  });

describe('photomagik styles API', () => {
  it('validates in the caller language and changes nothing', async () => {
    const before = await db.db.select().from(photomagikStyles).where(eq(photomagikStyles.projectId, w.project.A.id));
    const bad = await createStyle({ name: '', promptTemplate: 'x'.repeat(1001) }, { 'accept-language': 'es' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields.name).toBe('Este campo es obligatorio.');
    expect(bad.body.data.fields.promptTemplate).toBeDefined();
    const foreign = await createStyle({ name: 'X', promptTemplate: '{prompt}', categoryId: '00000000-0000-4000-8000-000000000000' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields.categoryId).toBe('Choose one of the project’s categories.');
    expect(await db.db.select().from(photomagikStyles).where(eq(photomagikStyles.projectId, w.project.A.id))).toHaveLength(before.length);
  });

  it('creates a style in a category, queues its preview and redraws it when the template changes', async () => {
    const cat = await staff.client.call(categoriesRoute.POST, '/api/photomagik/categories', { json: { name: 'Painting' } });
    expect(cat.status).toBe(201);
    const res = await createStyle({ name: 'Oil', promptTemplate: 'an oil painting of {prompt}', categoryId: cat.body.category.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.style.id as string;
    await drainQueue(db.db, localProvider);
    const [first] = await db.db.select().from(photomagikStyles).where(eq(photomagikStyles.id, id));
    expect(first.previewUrl).toMatch(/^\/api\/files\/public\/photomagik\//);
    const put = (json: unknown) => staff.client.call(styleRoute.PUT, `/api/photomagik/styles/${id}`, { method: 'PUT', json, params: { id } });
    expect((await put({ name: 'Oil (renamed)', promptTemplate: 'an oil painting of {prompt}', categoryId: cat.body.category.id })).body.style.previewUrl).toBe(
      first.previewUrl,
    );
    const changed = await put({ name: 'Oil', promptTemplate: 'a thick oil painting of {prompt}' });
    expect(changed.body.style.previewUrl).toBeNull();
    await drainQueue(db.db, localProvider);
    const [second] = await db.db.select().from(photomagikStyles).where(eq(photomagikStyles.id, id));
    expect(second.previewUrl).toBeTruthy();
    expect(second.previewUrl).not.toBe(first.previewUrl);
  });

  it('reorders the whole list and refuses a stale one', async () => {
    await createStyle({ name: 'Second', promptTemplate: '{prompt}' });
    const list = (await staff.client.call(stylesRoute.GET, '/api/photomagik/styles', { method: 'GET' })).body.styles as { id: string }[];
    const reversed = list.map((s) => s.id).reverse();
    const res = await staff.client.call(styleOrderRoute.PUT, '/api/photomagik/styles/order', { method: 'PUT', json: { ids: reversed } });
    expect(res.status).toBe(200);
    expect(res.body.styles.map((s: { id: string }) => s.id)).toEqual(reversed);
    const stale = await staff.client.call(styleOrderRoute.PUT, '/api/photomagik/styles/order', { method: 'PUT', json: { ids: reversed.slice(1) } });
    expect(stale.status).toBe(409);
  });
});

describe('photomagik users API', () => {
  it('grants credits with an audit entry, never below zero, and blocks', async () => {
    const [u] = await db.db.insert(photomagikUsers).values({ projectId: w.project.A.id, externalId: 'ann', credits: 2 }).returning();
    const grant = (amount: number) =>
      staff.client.call(creditsRoute.POST, `/api/photomagik/users/${u.id}/credits`, { json: { amount, reason: 'welcome' }, params: { id: u.id } });
    const ok = await grant(10);
    expect(ok.status).toBe(200);
    expect(ok.body.user.credits).toBe(12);
    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photomagik.credits'), eq(auditLog.targetId, u.id)));
    expect(entry).toMatchObject({ projectId: w.project.A.id, actorId: staff.userId, data: { amount: 10, before: 2, after: 12, reason: 'welcome' } });
    const below = await grant(-13);
    expect(below.status).toBe(400);
    expect(below.body.data.fields.amount).toMatch(/below zero/);
    const blocked = await staff.client.call(userRoute.PATCH, `/api/photomagik/users/${u.id}`, {
      method: 'PATCH',
      json: { blocked: true },
      params: { id: u.id },
    });
    expect(blocked.body.user.blocked).toBe(true);
  });
});

describe('photomagik public generation API', () => {
  it('needs the project key (shown once, stored hashed), spends credits and answers the image', async () => {
    expect((await generate(null, { user: 'bob', style: 'x', prompt: 'cat' })).status).toBe(401);
    const made = await staff.client.call(keyRoute.POST, '/api/photomagik/key', {});
    expect(made.status).toBe(201);
    const secret = made.body.secret as string;
    expect((await staff.client.call(keyRoute.GET, '/api/photomagik/key', { method: 'GET' })).body.key.prefix).toBe(secret.slice(0, 10));
    expect(JSON.stringify(await db.db.select().from(auditLog).where(eq(auditLog.action, 'photomagik.apiKey')))).not.toContain(secret);
    expect((await generate(secret, { user: 'bob', style: 'x', prompt: 'cat' }, w.project.B.key)).status).toBe(401);
    const [style] = await db.db.insert(photomagikStyles).values({ projectId: w.project.A.id, name: 'Pop', promptTemplate: 'pop art {prompt}' }).returning();
    const none = await generate(secret, { user: 'bob', style: style.id, prompt: 'a cat' });
    expect(none.status).toBe(402);
    expect(none.body.message).toBe('This user has no credits left.');
    expect(await db.db.select().from(photomagikUsers).where(eq(photomagikUsers.externalId, 'bob'))).toHaveLength(0);
    await db.db.insert(photomagikUsers).values({ projectId: w.project.A.id, externalId: 'bob', credits: 1 });
    const queued = await generate(secret, { user: 'bob', style: style.id, prompt: 'a cat' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    expect(queued.body.generation).toMatchObject({ status: 'queued', credits: 0 });
    expect((await generate(secret, { user: 'bob', style: style.id, prompt: 'a dog' })).status).toBe(402);
    await drainQueue(db.db, localProvider);
    const id = queued.body.generation.id as string;
    const poll = (query = '') =>
      w.anonymous().call(pollRoute.GET, `/api/projects/${w.project.A.key}/photomagik/generations/${id}${query}`, {
        method: 'GET',
        headers: { authorization: `Bearer ${secret}` },
        params: { key: w.project.A.key, id },
      });
    expect((await poll()).body.generation.status).toBe('done');
    // Image bytes: called without the JSON-reading test client.
    const raw = (handler: typeof pollRoute.GET, path: string, headers: Record<string, string>, params: Record<string, string>) =>
      handler(new NextRequest(`http://localhost:3000${path}`, { headers: { host: 'localhost:3000', ...headers } }), { params: Promise.resolve(params) });
    const image = await raw(
      pollRoute.GET,
      `/api/projects/${w.project.A.key}/photomagik/generations/${id}?image=1`,
      { authorization: `Bearer ${secret}` },
      { key: w.project.A.key, id },
    );
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(512);
    // The dashboard's history shows the same image to members who may see users.
    const history = await staff.client.call(userRoute.GET, `/api/photomagik/users/x`, { method: 'GET', params: { id: queued.body.generation.userId ?? '' } });
    expect(history.status).toBe(404);
    const [bob] = await db.db
      .select()
      .from(photomagikUsers)
      .where(and(eq(photomagikUsers.projectId, w.project.A.id), eq(photomagikUsers.externalId, 'bob')));
    const own = await staff.client.call(userRoute.GET, `/api/photomagik/users/${bob.id}`, { method: 'GET', params: { id: bob.id } });
    expect(own.body.generations[0]).toMatchObject({ id, status: 'done', style: 'Pop', imageUrl: `/api/photomagik/generations/${id}/image` });
    const cookie = `${AUTH_COOKIE}=${staff.client.cookie}`;
    const dash = await raw(imageRoute.GET, `/api/photomagik/generations/${id}/image`, { cookie, 'x-real-ip': staff.client.ip }, { id });
    expect(dash.status).toBe(200);
    expect(dash.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 while the tool is off for the project', async () => {
    const [row] = await db.db.select().from(projects).where(eq(projects.id, w.project.A.id));
    await db.db.update(projects).set({ extensions: [] }).where(eq(projects.id, w.project.A.id));
    try {
      expect((await generate('pmk_x', { user: 'bob', style: 'x', prompt: 'cat' })).status).toBe(404);
    } finally {
      await db.db.update(projects).set({ extensions: row.extensions }).where(eq(projects.id, w.project.A.id));
    }
  });
});

describe('photomagik overview', () => {
  it('buckets generations by day in the project time zone and computes the failure rate', async () => {
    await db.db.update(projects).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(projects.id, w.project.B.id));
    const boss = await w.memberOf('B', ['EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__OVERVIEW__VIEW']);
    const [u] = await db.db.insert(photomagikUsers).values({ projectId: w.project.B.id, externalId: 'tz' }).returning();
    const [style] = await db.db.insert(photomagikStyles).values({ projectId: w.project.B.id, name: 'Ink', promptTemplate: '{prompt}' }).returning();
    // 11:30 UTC yesterday is already today in UTC+14, minus one day: the bucket follows the zone, not UTC.
    const now = new Date();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 11, 30));
    const base = { projectId: w.project.B.id, userId: u.id, styleId: style.id, prompt: 'p', fullPrompt: 'p', createdAt: at };
    await db.db.insert(photomagikGenerations).values([
      { ...base, status: 'done' },
      { ...base, status: 'done' },
      { ...base, status: 'done' },
      { ...base, status: 'failed' },
    ]);
    const res = await boss.client.call(overviewRoute.GET, '/api/photomagik/overview', { method: 'GET' });
    expect(res.status).toBe(200);
    const o = res.body.overview;
    const localDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(at);
    expect(o.timeZone).toBe('Pacific/Kiritimati');
    expect(o.days.find((d: { day: string }) => d.day === localDay)).toEqual({ day: localDay, done: 3, failed: 1 });
    expect(o).toMatchObject({ total: 4, failed: 1, failureRate: 25, activeUsers: 1, topStyles: [{ id: style.id, name: 'Ink', count: 4 }] });
  });
});
