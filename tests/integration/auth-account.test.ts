import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as general } from '@/app/api/auth/accountGeneral/route';
import { POST as changePassword } from '@/app/api/auth/accountPassword/route';
import { POST as confirm } from '@/app/api/auth/emailConfirmation/route';
import { POST as forgot } from '@/app/api/auth/forgotPassword/route';
import { POST as reset } from '@/app/api/auth/resetPassword/route';
import { POST as login } from '@/app/api/auth/route';
import { POST as session } from '@/app/api/auth/session/route';
import { hashPassword } from '@/lib/auth/passwords';
import { oneTimeTokens } from '@/lib/auth/tables';
import { latestEmailTo } from '@/lib/mail/service';
import { emails } from '@/lib/mail/tables';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client, multipart, type FilePart } from './helpers/http';
import { storedKeys } from './helpers/uploads';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

async function signIn(email: string, password: string) {
  const client = new Client(nextIp());
  const res = await client.call(login, '/api/auth', { json: { captchaCode: await solvedCaptcha(), email, password } });
  expect(res.status).toBe(200);
  return client;
}
const owner = () => db.login('demo owner');
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

const postGeneral = (client: Client, json: unknown, avatar?: FilePart) =>
  client.call(general, '/api/auth/accountGeneral', { form: multipart(json, avatar ? [['avatar', avatar]] : []) });
const storedFiles = async () => (await storedKeys()).length;

describe('POST /api/auth/accountGeneral', () => {
  it('saves name and time zone and stores the avatar resized to 256 px', async () => {
    const client = await signIn(owner().email, owner().password);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const res = await postGeneral(client, { name: 'Olga Owner', email: 'owner@demo.test', timeZone: 'Europe/Madrid' }, { bytes: png, type: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Olga Owner', timeZone: 'Europe/Madrid', email: 'owner@demo.test' });
    expect(res.body.avatar).toMatch(/^\/api\/files\/public\/avatars\/.+\.webp$/);
    expect(res.body.emailPending).toBeNull();
    const key = res.body.avatar.replace('/api/files/', '');
    const { storage } = await import('@/lib/storage');
    const file = await storage().get(key);
    const meta = await sharp(Buffer.from(file!.bytes)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
  });

  it('refuses a non-image avatar (415) and an oversized one (413), storing nothing', async () => {
    const client = await signIn(owner().email, owner().password);
    const before = await storedFiles();
    const [row] = await db.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const gif = new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000');
    const fake = await postGeneral(client, { name: 'Changed', email: 'owner@demo.test', timeZone: 'UTC' }, { bytes: gif, type: 'image/png' });
    expect(fake.status).toBe(415);
    const huge = await postGeneral(
      client,
      { name: 'Changed', email: 'owner@demo.test', timeZone: 'UTC' },
      { bytes: new Uint8Array(5 * 1024 * 1024 + 1), type: 'image/png' },
    );
    expect(huge.status).toBe(413);
    expect(await storedFiles()).toBe(before);
    const [after] = await db.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    expect([after.name, after.timeZone, after.avatar]).toEqual([row.name, row.timeZone, row.avatar]);
  });

  it('refuses an email change with a wrong password and a new avatar, keeping neither the avatar nor its file', async () => {
    const client = await signIn(owner().email, owner().password);
    const before = await storedFiles();
    const [row] = await db.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff6633' } })
      .png()
      .toBuffer();
    const json = { name: 'Olga Owner', email: 'olga.elsewhere@example.com', timeZone: 'UTC', currentPassword: 'Wrong-password-1' };
    const res = await postGeneral(client, json, { bytes: png, type: 'image/png' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(['currentPassword']);
    expect(await storedFiles()).toBe(before);
    const [after] = await db.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    expect(after.avatar).toBe(row.avatar);
  });

  it('validates the json part and refuses JSON bodies over 1 MB elsewhere', async () => {
    const client = await signIn(owner().email, owner().password);
    const bad = await postGeneral(client, { name: '', email: 'nope', timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['email', 'name', 'timeZone']);
    const big = await client.call(changePassword, '/api/auth/accountPassword', { json: { currentPassword: 'x'.repeat(1024 * 1024), newPassword: 'Abcdefg1' } });
    expect(big.status).toBe(413);
    const notJson = await client.call(changePassword, '/api/auth/accountPassword', {
      body: 'a=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(415);
  });

  it('changes the email only after the new address confirms it', async () => {
    const client = await signIn(owner().email, owner().password);
    const res = await postGeneral(client, { name: 'Olga Owner', email: 'Olga.New@Example.com', timeZone: 'UTC', currentPassword: owner().password });
    expect(res.status).toBe(200);
    expect(res.body.emailPending).toBe('olga.new@example.com');
    expect(res.body.user.email).toBe('owner@demo.test');
    const mail = await latestEmailTo(db.db, 'olga.new@example.com', 'emailChange');
    const ok = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', {
      json: { captchaCode: await solvedCaptcha(), token: tokenOf(mail!.links[0]) },
    });
    expect(ok.status).toBe(200);
    expect((await client.call(session, '/api/auth/session')).body.user.email).toBe('olga.new@example.com');
    await db.db.update(users).set({ email: 'owner@demo.test' }).where(eq(users.email, 'olga.new@example.com'));
  });
});

describe('POST /api/auth/accountPassword', () => {
  it('checks the current password, then signs out every other device', async () => {
    const { email, password } = db.login('demo support');
    const here = await signIn(email, password);
    const elsewhere = await signIn(email, password);
    const wrong = await here.call(changePassword, '/api/auth/accountPassword', { json: { currentPassword: 'Nope-nope-1', newPassword: 'N3w-password' } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.data.fields)).toEqual(['currentPassword']);
    const weak = await here.call(changePassword, '/api/auth/accountPassword', { json: { currentPassword: password, newPassword: 'weak' } });
    expect(Object.keys(weak.body.data.fields)).toEqual(['newPassword']);
    const ok = await here.call(changePassword, '/api/auth/accountPassword', { json: { currentPassword: password, newPassword: 'N3w-password' } });
    expect(ok.status).toBe(200);
    expect((await here.call(session, '/api/auth/session')).status).toBe(200);
    expect((await elsewhere.call(session, '/api/auth/session')).status).toBe(401);
    await signIn(email, 'N3w-password');
  });
});

describe('guessing the current password', () => {
  const PASSWORD = 'Guess-me-123';
  async function someone(email: string) {
    const [{ id }] = await db.db
      .insert(users)
      .values({ email, name: 'Someone', passwordHash: await hashPassword(PASSWORD), status: 1 })
      .returning({ id: users.id });
    return (await signedInClient(db.db, id)).client;
  }
  const attempt = (client: Client, currentPassword: string) =>
    client.call(changePassword, '/api/auth/accountPassword', { json: { currentPassword, newPassword: 'N3w-password' } });

  it('locks the check after 5 wrong passwords, even for the right one: 429 with Retry-After', async () => {
    const client = await someone('guesser@demo.test');
    for (let i = 0; i < 5; i++) expect((await attempt(client, `Guess-${i}-Wrong`)).status).toBe(400);
    const locked = await attempt(client, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // The email change asks for the same password, so it shares the lock.
    const viaEmail = await postGeneral(client, { name: 'Someone', email: 'guesser.new@demo.test', timeZone: 'UTC', currentPassword: PASSWORD });
    expect(viaEmail.status).toBe(429);
  });

  it('gives a burst of parallel guesses no more tries than a sequence', async () => {
    const client = await someone('burst@demo.test');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(client, `Burst-${i}-Wrong`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
  });

  it('forgets earlier mistakes once the right password is given', async () => {
    const client = await someone('typo@demo.test');
    for (let i = 0; i < 4; i++) expect((await attempt(client, `Typo-${i}-Wrong`)).status).toBe(400);
    expect((await attempt(client, PASSWORD)).status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for unknown emails, and sends a 1-hour single-use link for known ones', async () => {
    const { email } = db.login('demo manager');
    const known = await new Client(nextIp()).call(forgot, '/api/auth/forgotPassword', { json: { captchaCode: await solvedCaptcha(), email } });
    const unknown = await new Client(nextIp()).call(forgot, '/api/auth/forgotPassword', {
      json: { captchaCode: await solvedCaptcha(), email: 'ghost@demo.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    await expect.poll(() => latestEmailTo(db.db, email, 'passwordReset')).toBeTruthy();
    expect(await latestEmailTo(db.db, 'ghost@demo.test', 'passwordReset')).toBeNull();
    const [issued] = await db.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.purpose, 'passwordReset'));
    const ttl = issued.expiresAt.getTime() - issued.createdAt.getTime();
    expect(ttl).toBeGreaterThan(59 * 60_000);
    expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);

    const device = await signIn(email, db.login('demo manager').password);
    const link = (await latestEmailTo(db.db, email, 'passwordReset'))!.links[0];
    expect(link).toMatch(/\/reset-password\?token=/);
    const weak = await new Client().call(reset, '/api/auth/resetPassword', { json: { token: tokenOf(link), newPassword: 'abc' } });
    expect(weak.status).toBe(400);
    const ok = await new Client().call(reset, '/api/auth/resetPassword', { json: { token: tokenOf(link), newPassword: 'Fresh-Pass-9' } });
    expect(ok.status).toBe(200);
    expect((await device.call(session, '/api/auth/session')).status).toBe(401);
    const again = await new Client().call(reset, '/api/auth/resetPassword', { json: { token: tokenOf(link), newPassword: 'Other-Pass-9' } });
    expect(again.status).toBe(400);
    await signIn(email, 'Fresh-Pass-9');
    expect((await db.db.select().from(emails).where(eq(emails.kind, 'passwordChanged'))).length).toBeGreaterThan(0);
  });

  it('names missing fields and refuses a wrong captcha, sending nothing', async () => {
    const before = (await db.db.select().from(emails)).length;
    const empty = await new Client(nextIp()).call(forgot, '/api/auth/forgotPassword', { json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.data.fields).sort()).toEqual(['captchaCode', 'email']);
    const wrong = await new Client(nextIp()).call(forgot, '/api/auth/forgotPassword', { json: { captchaCode: 'nope', email: 'manager@demo.test' } });
    expect(Object.keys(wrong.body.data.fields)).toEqual(['captchaCode']);
    const noToken = await new Client().call(reset, '/api/auth/resetPassword', { json: { newPassword: 'Fresh-Pass-9' } });
    expect(Object.keys(noToken.body.data.fields)).toEqual(['token']);
    const forged = await new Client().call(reset, '/api/auth/resetPassword', { json: { token: 'x'.repeat(43), newPassword: 'Fresh-Pass-9' } });
    expect(forged.status).toBe(400);
    expect((await db.db.select().from(emails)).length).toBe(before);
  });

  it('refuses an expired link', async () => {
    const { email } = db.login('demo owner');
    await new Client(nextIp()).call(forgot, '/api/auth/forgotPassword', { json: { captchaCode: await solvedCaptcha(), email } });
    await expect.poll(() => latestEmailTo(db.db, email, 'passwordReset')).toBeTruthy();
    const link = (await latestEmailTo(db.db, email, 'passwordReset'))!.links[0];
    await db.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'passwordReset'));
    const res = await new Client().call(reset, '/api/auth/resetPassword', { json: { token: tokenOf(link), newPassword: 'Fresh-Pass-9' } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toHaveProperty('token');
  });
});
