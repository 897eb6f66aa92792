import { format } from '@/lib/i18n/format';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as keyCheck } from '@/app/api/requestProject/key/route';
import { POST as requestProject } from '@/app/api/requestProject/route';
import { auditLog } from '@/lib/audit/tables';
import { refreshSession } from '@/lib/auth/sessions';
import { sessions } from '@/lib/auth/tables';
import { verifyAccessToken } from '@/lib/auth/tokens';
import { env } from '@/lib/env';
import { emails } from '@/lib/mail/tables';
import { membershipProfiles, memberships, profiles, projectFiles, projects } from '@/lib/projects/tables';
import { storage } from '@/lib/storage';
import { users } from '@/lib/users/tables';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import { windowsExe } from '../fixtures/files';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { Client, multipart, type FilePart } from './helpers/http';
import { storedKeys, tempUploadDir } from './helpers/uploads';

let db: Awaited<ReturnType<typeof accountsDb>>;
let uploads: ReturnType<typeof tempUploadDir>;
beforeAll(async () => {
  uploads = tempUploadDir('atrio-request-project-');
  db = await accountsDb();
});
afterAll(async () => {
  await db.cleanup();
  uploads.restore();
});

let counter = 0;
async function newRequester(options: { timeZone?: string } = {}) {
  counter += 1;
  const email = `requester${counter}@example.test`;
  const [user] = await db.db
    .insert(users)
    .values({ email, name: `Rita Requester ${counter}`, status: 1, timeZone: options.timeZone ?? 'UTC' })
    .returning({ id: users.id });
  return { ...(await signedInClient(db.db, user.id)), userId: user.id, email };
}

type Upload = FilePart & { name: string };

/** The request form's body: the files as `file_0`, `file_1`, …, then any `extra` parts. */
async function post(client: Client, json: unknown, files: Upload[] = [], options: { extra?: [string, string][]; headers?: Record<string, string> } = {}) {
  const parts = [...files.map((f, i): [string, FilePart] => [`file_${i}`, f]), ...(options.extra ?? [])];
  return client.call(requestProject, '/api/requestProject', { form: multipart(json, parts), headers: options.headers });
}

const PDF: Upload = { name: 'plan.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n', 'latin1'), type: 'application/pdf' };
const CSV: Upload = { name: 'budget.csv', bytes: Buffer.from('item,amount\nsillas,120\n'), type: 'text/csv' };
/** A Windows program dressed up as a PDF. */
const exe = (): Upload => ({ name: 'invoice.pdf', bytes: windowsExe(), type: 'application/pdf' });

const storedFiles = async () => (await storedKeys('projects/')).length;
async function totals() {
  const [p] = await db.db.select({ n: count() }).from(projects);
  const [f] = await db.db.select({ n: count() }).from(projectFiles);
  const [a] = await db.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'project.request'));
  return { projects: p.n, fileRows: f.n, audits: a.n, stored: await storedFiles() };
}

describe('POST /api/requestProject', () => {
  it('creates a pending project owned by the requester, keeps the files privately and tells root', async () => {
    await db.db.insert(users).values({ email: 'raiz@example.test', name: 'Raíz', status: 1, isRoot: true, language: 'es' });
    await db.db.insert(users).values({ email: 'old-root@example.test', name: 'Old Root', status: 0, isRoot: true });
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const me = await newRequester({ timeZone: 'America/Santiago' });

    const res = await post(me.client, { name: 'Taller Ñandú', key: 'Taller-Nandu', description: 'Un taller.\nCon dos líneas.' }, [
      PDF,
      { name: 'C:\\fakepath\\logo.png', bytes: png, type: 'image/png' },
      { ...CSV, type: '' },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(en.api.requestProjectSent);
    const { auth, user, project: active, requested } = res.body.data;
    expect(requested).toMatchObject({ key: 'taller-nandu', name: 'Taller Ñandú', status: 0 });
    expect(user).toMatchObject({ id: me.userId });
    // Pending: the new tokens are not connected to it yet.
    expect(active).toBeNull();
    expect(me.client.tokens).toEqual(auth);
    expect(auth.refreshToken).not.toBe(me.tokens.refreshToken);

    const [project] = await db.db.select().from(projects).where(eq(projects.id, requested.id));
    expect(project).toMatchObject({
      key: 'taller-nandu',
      status: 0,
      createdBy: me.userId,
      description: 'Un taller.\nCon dos líneas.',
      timeZone: 'America/Santiago',
      language: 'en',
    });
    const [owner] = await db.db.select().from(profiles).where(eq(profiles.projectId, project.id));
    expect(owner).toMatchObject({ name: 'Owner', isRoot: true });
    const held = await db.db
      .select({ userId: memberships.userId, status: memberships.status, profileId: membershipProfiles.profileId })
      .from(memberships)
      .innerJoin(membershipProfiles, eq(membershipProfiles.membershipId, memberships.id))
      .where(eq(memberships.projectId, project.id));
    expect(held).toEqual([{ userId: me.userId, status: 1, profileId: owner.id }]);

    const files = await db.db.select().from(projectFiles).where(eq(projectFiles.projectId, project.id));
    expect(files.map((f) => [f.name, f.contentType, f.size, f.uploadedBy]).sort()).toEqual(
      [
        ['budget.csv', 'text/csv', CSV.bytes.length, me.userId],
        ['logo.png', 'image/png', png.length, me.userId],
        ['plan.pdf', 'application/pdf', PDF.bytes.length, me.userId],
      ].sort(),
    );
    for (const file of files) {
      expect(file.key).toMatch(new RegExp(`^projects/${project.id}/files/[0-9a-f-]{36}$`));
      const stored = await storage().get(file.key);
      expect(stored?.contentType).toBe(file.contentType);
      expect(stored?.bytes.byteLength).toBe(file.size);
    }
    const pdf = files.find((f) => f.name === 'plan.pdf')!;
    expect(Buffer.from((await storage().get(pdf.key))!.bytes).equals(Buffer.from(PDF.bytes))).toBe(true);

    const [entry] = await db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.request'), eq(auditLog.projectId, project.id)));
    expect(entry).toMatchObject({ actorId: me.userId, targetType: 'project', targetId: project.id, data: { key: 'taller-nandu', files: 3 } });

    const mail = await db.db.select().from(emails).where(eq(emails.kind, 'projectRequested'));
    expect(mail.map((m) => [m.to, m.locale]).sort()).toEqual([
      ['raiz@example.test', 'es'],
      ['root@localhost', 'en'],
    ]);
    for (const m of mail) {
      expect(m.links).toEqual([`${env().PUBLIC_URL}/root/projects`]);
      expect(m.text).toContain('taller-nandu');
      expect(m.text).toContain(me.email);
    }
    expect(mail.find((m) => m.locale === 'es')!.subject).toContain('Taller Ñandú');

    // The session now points at the new pair; once root enables the project, the next refresh connects.
    const [row] = await db.db.select().from(sessions).where(eq(sessions.id, me.sessionId));
    expect([row.projectId, row.profileId]).toEqual([project.id, owner.id]);
    expect((await verifyAccessToken(auth.accessToken))?.pid).toBeUndefined();
    await db.db.update(projects).set({ status: 1 }).where(eq(projects.id, project.id));
    const next = await refreshSession(db.db, auth.refreshToken, { userAgent: 'test', ip: '127.0.0.1' });
    expect(await verifyAccessToken(next!.accessToken)).toMatchObject({ pid: project.id, ppid: owner.id, prr: true });
  });

  it('answers 409 on the key field for a taken key, whatever its case, and stores nothing', async () => {
    await db.db.insert(projects).values({ key: 'Mixed-Case', name: 'Mixed' });
    const me = await newRequester();
    const before = await totals();
    for (const key of ['demo', 'mixed-case', 'MIXED-CASE']) {
      const res = await post(me.client, { name: 'Another', key }, [PDF]);
      expect(res.status).toBe(409);
      expect(res.body.data.fields).toEqual({ key: en.api.requestProjectKeyTaken });
    }
    expect(await totals()).toEqual(before);
  });

  it('answers 400 with translated field errors for a bad name or key', async () => {
    const me = await newRequester();
    const before = await totals();
    const res = await post(me.client, { name: '', key: '-bad-', description: 'ok' }, [PDF], { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(es.api.invalidInput);
    expect(res.body.data.fields).toEqual({ name: es.validation.required, key: es.validation.pattern.projectKey });

    const short = await post(me.client, { name: 'A <script>', key: 'ab' });
    expect(short.status).toBe(400);
    expect(short.body.data.fields).toEqual({ name: en.validation.pattern.productName, key: format(en.validation.stringMin, { min: 3 }) });
    const long = await post(me.client, { name: 'x'.repeat(81), key: 'a'.repeat(33), description: 'd'.repeat(2001) });
    expect(Object.keys(long.body.data.fields).sort()).toEqual(['description', 'key', 'name']);
    expect(await totals()).toEqual(before);
  });

  it('refuses six files with 400 and stores none', async () => {
    const me = await newRequester();
    const before = await totals();
    const res = await post(
      me.client,
      { name: 'Six files', key: 'six-files' },
      Array.from({ length: 6 }, (_, i) => ({ ...CSV, name: `f${i}.csv` })),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(format(en.api.requestProjectTooManyFiles, { max: 5 }));
    expect(await totals()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 naming it, and stores none of the others', async () => {
    const me = await newRequester();
    const before = await totals();
    const big = { name: 'huge.txt', bytes: Buffer.alloc(11 * 1024 * 1024, 'a'), type: 'text/plain' };
    const res = await post(me.client, { name: 'Big file', key: 'big-file' }, [PDF, big]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(en.api.requestProjectFileTooLarge.replace('{file}', 'huge.txt').replace('{max}', '10'));
    expect(await totals()).toEqual(before);
  });

  it('refuses a program renamed .pdf with 415 naming it, and stores none of the others', async () => {
    const me = await newRequester();
    const before = await totals();
    const res = await post(me.client, { name: 'Disguised', key: 'disguised' }, [PDF, exe()], { headers: { 'accept-language': 'es' } });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(es.api.requestProjectFileType.replace('{file}', 'invoice.pdf'));
    expect(await totals()).toEqual(before);
  });

  it('refuses parts other than json and file_N', async () => {
    const me = await newRequester();
    const before = await totals();
    const res = await post(me.client, { name: 'Extra part', key: 'extra-part' }, [PDF], { extra: [['owner', 'someone-else']] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(en.api.unexpectedPart.replace('{part}', 'owner'));
    const asText = await post(me.client, { name: 'Text as file', key: 'text-as-file' }, [], { extra: [['file_0', 'not a file']] });
    expect(asText.status).toBe(400);
    expect(await totals()).toEqual(before);
  });

  it('removes the stored files when the transaction fails after storing them', async () => {
    // A database failure at the last write, after the files are on disk.
    await db.db.execute(sql`create function fail_request() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`);
    await db.db.execute(
      sql`create trigger fail_request before insert on audit_log for each row when (new.data->>'key' = 'doomed') execute function fail_request()`,
    );
    try {
      const me = await newRequester();
      const before = await totals();
      const res = await post(me.client, { name: 'Doomed', key: 'doomed' }, [PDF, CSV]);
      expect(res.status).toBe(500);
      expect(await totals()).toEqual(before);
      const [row] = await db.db.select().from(sessions).where(eq(sessions.id, me.sessionId));
      expect(row.projectId).toBeNull();
    } finally {
      await db.db.execute(sql`drop trigger fail_request on audit_log`);
      await db.db.execute(sql`drop function fail_request()`);
    }
  });

  it('needs a session', async () => {
    const res = await post(new Client(nextIp()), { name: 'Anonymous', key: 'anonymous' }, [PDF]);
    expect(res.status).toBe(401);
    expect(await db.db.select().from(projects).where(eq(projects.key, 'anonymous'))).toEqual([]);
  });
});

describe('GET /api/requestProject/key', () => {
  const check = (client: Client, key: string, headers?: Record<string, string>) =>
    client.call(keyCheck, `/api/requestProject/key?key=${encodeURIComponent(key)}`, { method: 'GET', headers });

  it('says whether a key is free, ignoring case', async () => {
    const me = await newRequester();
    expect((await check(me.client, 'demo')).body).toEqual({ data: { key: 'demo', available: false } });
    expect((await check(me.client, 'DeMo')).body.data.available).toBe(false);
    const free = await check(me.client, 'nobody-has-this');
    expect([free.status, free.body.data.available]).toEqual([200, true]);
  });

  it('answers 400 with the field error for a malformed key, and 401 without a session', async () => {
    const me = await newRequester();
    const bad = await check(me.client, 'no spaces', { 'accept-language': 'es' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toEqual({ key: es.validation.pattern.projectKey });
    expect((await check(me.client, '')).body.data.fields).toEqual({ key: en.validation.required });
    expect((await check(new Client(nextIp()), 'demo')).status).toBe(401);
  });
});
