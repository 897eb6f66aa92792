import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as files } from '@/app/api/files/[...key]/route';
import { POST as postExtensions } from '@/app/api/settings/extensions/route';
import { POST as postGeneral } from '@/app/api/settings/general/route';
import { GET as getSettings } from '@/app/api/settings/route';
import { auditLog } from '@/lib/audit/tables';
import { membershipProfiles, memberships, profiles, projects } from '@/lib/projects/tables';
import { sidebarFor } from '@/lib/routes/nav';
import { storage } from '@/lib/storage';
import { users } from '@/lib/users/tables';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { accountsDb, signedInClient } from './helpers/accounts';
import { Client, multipart } from './helpers/http';
import { member } from './helpers/members';
import { storedKeys, tempUploadDir } from './helpers/uploads';

let uploads: ReturnType<typeof tempUploadDir>;
let db: Awaited<ReturnType<typeof accountsDb>>;
let demoId: string;
let otherId: string;
/** The demo manager (SETTINGS__UPDATE, not isRoot), acting in the demo project. */
let manager: Client;
let managerId: string;
/** A member of the second project only, holding SETTINGS__UPDATE there. */
let otherAdmin: Client;

const clientFor = async (userId: string, pair?: { projectId: string; profileId: string }) => (await signedInClient(db.db, userId, { pair })).client;

beforeAll(async () => {
  uploads = tempUploadDir('atrio-settings-');
  db = await accountsDb();
  const m = await member(db.db, 'manager@demo.test');
  demoId = m.projectId;
  managerId = m.userId;
  manager = await clientFor(m.userId);

  // A second project; the manager belongs to it too (so "their" settings could be confused).
  const [other] = await db.db
    .insert(projects)
    .values({ key: 'other', name: 'Other Works', status: 1, currency: 'EUR', timeZone: 'Europe/Madrid', language: 'es', extensions: ['whatsappApi'] })
    .returning();
  otherId = other.id;
  const [admin] = await db.db
    .insert(profiles)
    .values({ projectId: other.id, name: 'Admin', permissions: ['SETTINGS__UPDATE'] })
    .returning();
  const [mm] = await db.db.insert(memberships).values({ projectId: other.id, userId: managerId }).returning();
  await db.db.insert(membershipProfiles).values({ membershipId: mm.id, profileId: admin.id });
  const [user] = await db.db.insert(users).values({ email: 'other@example.test', name: 'Otto Other', status: 1 }).returning();
  const [om] = await db.db.insert(memberships).values({ projectId: other.id, userId: user.id }).returning();
  await db.db.insert(membershipProfiles).values({ membershipId: om.id, profileId: admin.id });
  otherAdmin = await clientFor(user.id, { projectId: other.id, profileId: admin.id });
});
afterAll(async () => {
  await db?.cleanup();
  uploads.restore();
});

const row = async (id: string) => (await db.db.select().from(projects).where(eq(projects.id, id)))[0];
const auditOf = (projectId: string, action: string) =>
  db.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.projectId, projectId), eq(auditLog.action, action)))
    .orderBy(auditLog.createdAt);
const storedFiles = async () => (await storedKeys()).filter((f) => f.endsWith('.webp'));
const keyOf = (url: string) => url.replace('/api/files/', '');

type Logo = { bytes: Uint8Array; type?: string };
/** A multipart body as the browser sends it: the `json` part and an optional `logo` file. */
async function general(client: Client, json: unknown, logo?: Logo, headers: Record<string, string> = {}) {
  const form = multipart(json, logo ? [['logo', { bytes: logo.bytes, type: logo.type ?? 'image/png' }]] : []);
  return client.call(postGeneral, '/api/settings/general', { form, headers });
}
const extensionsCall = (client: Client, json: unknown) => client.call(postExtensions, '/api/settings/extensions', { json });

const RED = { r: 255, g: 0, b: 0 };
/** A w×h red picture. */
const red = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: RED } });
const demoForm = { name: 'Demo Studio', currency: 'USD', timeZone: 'UTC', language: 'en' };

describe('GET /api/settings', () => {
  it("answers the active project's settings with every extension's state", async () => {
    const res = await manager.call(getSettings, '/api/settings', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual({
      name: 'Demo Studio',
      key: 'demo',
      logo: null,
      currency: 'USD',
      timeZone: 'UTC',
      language: 'en',
      extensions: [
        { name: 'blog', enabled: true, exclusive: false },
        { name: 'whatsappApi', enabled: false, exclusive: false },
        { name: 'eventLogs', enabled: true, exclusive: false },
        { name: 'varket', enabled: false, exclusive: true },
        { name: 'photomagik', enabled: false, exclusive: true },
      ],
      // The demo's chat holds no files; the quota is STORAGE_QUOTA_PROJECT_MB's default.
      storage: { used: 0, quota: 2048 * 1024 * 1024 },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers the settings of whichever project the caller is connected to', async () => {
    const res = await otherAdmin.call(getSettings, '/api/settings', { method: 'GET' });
    expect(res.body.settings).toMatchObject({ name: 'Other Works', key: 'other', currency: 'EUR', language: 'es' });
  });
});

describe('POST /api/settings/general', () => {
  it('saves the fields and audits only the changed ones with before and after', async () => {
    const res = await general(manager, { name: 'Demo Studio Chile', currency: 'CLP', timeZone: 'America/Santiago', language: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(en.api.settingsSaved);
    expect(res.body.settings).toMatchObject({ name: 'Demo Studio Chile', currency: 'CLP', timeZone: 'America/Santiago', language: 'en', logo: null });
    expect(await row(demoId)).toMatchObject({ name: 'Demo Studio Chile', currency: 'CLP', timeZone: 'America/Santiago' });
    const [entry] = await auditOf(demoId, 'project.settings');
    expect(entry).toMatchObject({ actorId: managerId, targetType: 'project', targetId: demoId });
    expect(entry.data).toEqual({
      name: { before: 'Demo Studio', after: 'Demo Studio Chile' },
      currency: { before: 'USD', after: 'CLP' },
      timeZone: { before: 'UTC', after: 'America/Santiago' },
    });
    // Saving the same values again changes nothing and logs nothing.
    expect((await general(manager, { name: 'Demo Studio Chile', currency: 'CLP', timeZone: 'America/Santiago', language: 'en' })).status).toBe(200);
    expect(await auditOf(demoId, 'project.settings')).toHaveLength(1);
    // An empty file part (a form's untouched file input) is no logo at all.
    expect((await general(manager, demoForm, { bytes: new Uint8Array(0), type: 'application/octet-stream' })).status).toBe(200);
    expect((await row(demoId)).logo).toBeNull();
  });

  it('refuses a bad currency, time zone and language field by field, in the caller’s language', async () => {
    const before = await row(demoId);
    const bad = { name: 'Renamed', currency: 'XYZ', timeZone: 'Mars/Base', language: 'fr' };
    const res = await general(manager, bad);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: en.api.invalidInput,
      data: { fields: { currency: en.validation.invalid, timeZone: en.validation.invalid, language: en.validation.invalid } },
    });
    const spanish = await general(manager, bad, undefined, { 'accept-language': 'es-CL,es;q=0.9' });
    expect(spanish.status).toBe(400);
    expect(spanish.body).toEqual({
      message: es.api.invalidInput,
      data: { fields: { currency: es.validation.invalid, timeZone: es.validation.invalid, language: es.validation.invalid } },
    });
    expect(await row(demoId)).toEqual(before);
  });

  it('stores the logo as a square WebP of at most 256 px, fitted whole, and serves it', async () => {
    const png = await red(800, 400).png().toBuffer();
    const res = await general(manager, demoForm, { bytes: png });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const url: string = res.body.settings.logo;
    expect(url).toMatch(new RegExp(`^/api/files/public/logos/${demoId}/[0-9a-f]{16}\\.webp$`));
    expect((await row(demoId)).logo).toBe(url);

    const served = await files(new NextRequest(`http://localhost:3000${url}`, { headers: { host: 'localhost:3000' } }));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const bytes = new Uint8Array(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    // A wide logo is letterboxed, not cropped: transparent above and below, red in the middle.
    const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4);
    expect(at(128, 5)[3]).toBe(0);
    expect([...at(2, 128)].map((v, i) => (i === 0 ? v > 200 : i === 3 ? v === 255 : v < 60))).toEqual([true, true, true, true]);

    const [entry] = (await auditOf(demoId, 'project.settings')).slice(-1);
    expect(entry.data).toEqual({ logo: { before: null, after: url } });
  });

  it('never enlarges a small logo, and replacing it deletes the previous file', async () => {
    const previous = (await row(demoId)).logo!;
    const res = await general(manager, demoForm, { bytes: await red(100, 60).jpeg().toBuffer(), type: 'image/jpeg' });
    expect(res.status).toBe(200);
    const url: string = res.body.settings.logo;
    expect(url).not.toBe(previous);
    const stored = await storage().get(keyOf(url));
    expect(await sharp(Buffer.from(stored!.bytes)).metadata()).toMatchObject({ width: 100, height: 100 });
    expect(await storage().get(keyOf(previous))).toBeNull();
    expect(await storedFiles()).toHaveLength(1);
  });

  it('refuses a file that is not a PNG, JPEG or WebP with 415 and changes nothing', async () => {
    const before = await row(demoId);
    const filesBefore = await storedFiles();
    const gif = await red(40, 40).gif().toBuffer();
    for (const logo of [
      { bytes: gif, type: 'image/png' },
      { bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml' },
    ]) {
      const res = await general(manager, { ...demoForm, name: 'Should Not Stick' }, logo);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: en.api.settingsLogoType, data: { fields: { logo: en.api.settingsLogoType } } });
    }
    expect(await row(demoId)).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a logo over 2 MB with 413 and changes nothing', async () => {
    const before = await row(demoId);
    const filesBefore = await storedFiles();
    const png = await red(10, 10).png().toBuffer();
    const justOver = new Uint8Array(2 * 1024 * 1024 + 1);
    justOver.set(png);
    const res = await general(manager, { ...demoForm, name: 'Too Big' }, { bytes: justOver });
    expect(res.status).toBe(413);
    expect(res.body.data.fields).toEqual({ logo: en.api.settingsLogoTooLarge });
    // Far over: the body itself is cut off before it is read whole.
    expect((await general(manager, demoForm, { bytes: new Uint8Array(3 * 1024 * 1024) })).status).toBe(413);
    expect(await row(demoId)).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('removes the logo and its file', async () => {
    const previous = (await row(demoId)).logo!;
    expect(previous).toBeTruthy();
    const res = await general(manager, { ...demoForm, removeLogo: true });
    expect(res.status).toBe(200);
    expect(res.body.settings.logo).toBeNull();
    expect((await row(demoId)).logo).toBeNull();
    expect(await storage().get(keyOf(previous))).toBeNull();
    const [entry] = (await auditOf(demoId, 'project.settings')).slice(-1);
    expect(entry.data).toEqual({ logo: { before: previous, after: null } });
  });
});

describe('POST /api/settings/extensions', () => {
  const names = async (id: string) => (await row(id)).extensions;
  /** The sidebar's extension entries for an isRoot profile of a project with these extensions. */
  const extensionMenu = (extensions: string[]) =>
    sidebarFor({ isRootUser: false, connected: true, profile: { isRoot: true, permissions: [] }, extensions }, 'en')
      .find((g) => g.group === 'extensions')
      ?.items.map((i) => i.name) ?? [];

  it('switches extensions on and off, audits what was added and removed, and the menu follows', async () => {
    expect(extensionMenu(await names(demoId))).toEqual(['blogPosts', 'blogCategories', 'accessCharts']);
    const res = await extensionsCall(manager, { blog: false, whatsappApi: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(en.api.settingsExtensionsSaved);
    expect(await names(demoId)).toEqual(['whatsappApi', 'eventLogs']);
    expect(res.body.settings.extensions.filter((e: { enabled: boolean }) => e.enabled).map((e: { name: string }) => e.name)).toEqual([
      'whatsappApi',
      'eventLogs',
    ]);
    expect(extensionMenu(await names(demoId))).toEqual(['whatsappApi', 'accessCharts']);
    const [entry] = (await auditOf(demoId, 'project.extensions')).slice(-1);
    expect(entry).toMatchObject({ actorId: managerId, targetId: demoId, data: { added: ['whatsappApi'], removed: ['blog'] } });

    // A switch left out stays as it is; asking for the current state logs nothing.
    const count = (await auditOf(demoId, 'project.extensions')).length;
    expect((await extensionsCall(manager, { eventLogs: true })).status).toBe(200);
    expect(await auditOf(demoId, 'project.extensions')).toHaveLength(count);
    expect((await extensionsCall(manager, { blog: true, whatsappApi: false, eventLogs: false })).status).toBe(200);
    expect(await names(demoId)).toEqual(['blog']);
    expect(extensionMenu(await names(demoId))).toEqual(['blogPosts', 'blogCategories']);
  });

  it('refuses any request naming varket or photomagik with 403 and changes nothing', async () => {
    const before = await row(demoId);
    const audits = (await auditOf(demoId, 'project.extensions')).length;
    for (const body of [{ varket: true }, { blog: false, photomagik: true }, { photomagik: false }]) {
      const res = await extensionsCall(manager, body);
      expect(res.status).toBe(403);
      const name = Object.keys(body).find((k) => k === 'varket' || k === 'photomagik')!;
      expect(res.body.message).toBe(en.api.settingsExclusiveExtension.replace('{extension}', name));
    }
    expect(await row(demoId)).toEqual(before);
    expect(await auditOf(demoId, 'project.extensions')).toHaveLength(audits);
  });

  it('keeps exclusive extensions root switched on', async () => {
    await db.db
      .update(projects)
      .set({ extensions: ['blog', 'varket'] })
      .where(eq(projects.id, demoId));
    const res = await extensionsCall(manager, { blog: false, eventLogs: true });
    expect(res.status).toBe(200);
    expect(await names(demoId)).toEqual(['eventLogs', 'varket']);
    expect(res.body.settings.extensions.find((e: { name: string }) => e.name === 'varket')).toEqual({ name: 'varket', enabled: true, exclusive: true });
  });

  it('refuses a switch that is not a boolean with 400', async () => {
    const res = await extensionsCall(manager, { blog: 'on' });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual({ blog: en.validation.invalid });
  });
});

describe('two projects', () => {
  it("one project's changes never touch another's settings", async () => {
    const other = await row(otherId);
    // The manager is also a member of the other project, but acts in the demo one.
    expect(
      (await general(manager, { name: 'Demo Again', currency: 'JPY', timeZone: 'Asia/Tokyo', language: 'es' }, { bytes: await red(50, 50).png().toBuffer() }))
        .status,
    ).toBe(200);
    expect((await extensionsCall(manager, { whatsappApi: false, blog: true })).status).toBe(200);
    expect(await row(otherId)).toEqual(other);
    expect(await auditOf(otherId, 'project.settings')).toEqual([]);

    // And the other project's admin changes only theirs.
    const demo = await row(demoId);
    const res = await general(otherAdmin, { name: 'Other Renamed', currency: 'EUR', timeZone: 'Europe/Madrid', language: 'es' });
    expect(res.status).toBe(200);
    expect((await extensionsCall(otherAdmin, { eventLogs: true })).status).toBe(200);
    expect(await row(otherId)).toMatchObject({ name: 'Other Renamed', extensions: ['whatsappApi', 'eventLogs'] });
    expect(await row(demoId)).toEqual(demo);
  });
});
