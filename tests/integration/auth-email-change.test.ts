import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as general } from '@/app/api/auth/accountGeneral/route';
import { POST as confirm } from '@/app/api/auth/emailConfirmation/route';
import { POST as undo } from '@/app/api/auth/emailChangeUndo/route';
import { POST as session } from '@/app/api/auth/session/route';
import { hashPassword } from '@/lib/auth/passwords';
import { latestEmailTo } from '@/lib/mail/service';
import { emails } from '@/lib/mail/tables';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp, signedInClient } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client, multipart } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

const PASSWORD = 'Change-me-1';
let serial = 0;
/** A confirmed account of its own, signed in from a fresh address. */
async function person() {
  serial += 1;
  const email = `person${serial}@change.test`;
  const [{ id }] = await db.db
    .insert(users)
    .values({ email, name: `Person ${serial}`, passwordHash: await hashPassword(PASSWORD), status: 1, language: 'en' })
    .returning({ id: users.id });
  const { client } = await signedInClient(db.db, id);
  return { id, email, client };
}

const change = (client: Client, email: string, currentPassword?: string, ip?: string) =>
  client.call(general, '/api/auth/accountGeneral', { form: multipart({ name: 'Some Person', email, timeZone: 'UTC', currentPassword }), ip });
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const linkTo = async (to: string, kind: string) => (await latestEmailTo(db.db, to, kind))?.links[0];
const mailsTo = (to: string) => db.db.select({ kind: emails.kind }).from(emails).where(eq(emails.to, to)).orderBy(desc(emails.seq));
const openUndo = async (link: string) =>
  new Client(nextIp()).call(undo, '/api/auth/emailChangeUndo', { json: { captchaCode: await solvedCaptcha(), token: tokenOf(link) } });
const openConfirmation = async (link: string) =>
  new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', { json: { captchaCode: await solvedCaptcha(), token: tokenOf(link) } });
const emailOf = async (id: string) => (await db.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

describe('changing the email address', () => {
  it('needs the current password; a missing or wrong one changes and sends nothing', async () => {
    const me = await person();
    const missing = await change(me.client, 'elsewhere1@change.test');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data.fields)).toEqual(['currentPassword']);
    const wrong = await change(me.client, 'elsewhere1@change.test', 'Not-the-password-1');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual({ currentPassword: 'The current password is not right.' });
    expect(await mailsTo('elsewhere1@change.test')).toEqual([]);
    expect(await mailsTo(me.email)).toEqual([]);
    // The same address as before needs no password: only the name changed.
    const same = await change(me.client, me.email.toUpperCase());
    expect(same.status).toBe(200);
    expect(same.body.emailPending).toBeNull();
  });

  it('answers a taken address exactly as a free one, and warns the taken address’s owner instead', async () => {
    const me = await person();
    const owner = await person();
    const taken = await change(me.client, owner.email, PASSWORD);
    const free = await change(me.client, 'brand.new@change.test', PASSWORD);
    expect([taken.status, free.status]).toEqual([200, 200]);
    const masked = (body: unknown, address: string) => JSON.parse(JSON.stringify(body).replaceAll(address, '<new address>'));
    expect(masked(taken.body, owner.email)).toEqual(masked(free.body, 'brand.new@change.test'));
    expect(taken.body.emailPending).toBe(owner.email);

    expect(await mailsTo(owner.email)).toEqual([{ kind: 'emailInUse' }]);
    expect(await linkTo('brand.new@change.test', 'emailChange')).toMatch(/\/email-confirmation\?token=/);
    // The old address hears of both, each time with a way back.
    expect((await mailsTo(me.email)).map((m) => m.kind)).toEqual(['emailChangeNotice', 'emailChangeNotice']);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('is limited per account and per address, with Retry-After', async () => {
    const me = await person();
    for (let i = 0; i < 5; i++) expect((await change(me.client, `many${i}@change.test`, PASSWORD, nextIp())).status).toBe(200);
    const limited = await change(me.client, 'many5@change.test', PASSWORD, nextIp());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // One address, several accounts: the address runs out too.
    const ip = nextIp();
    const people = await Promise.all([person(), person(), person()]);
    const answers = [];
    for (const [i, p] of people.entries())
      for (let j = 0; j < 2; j++) answers.push((await change(p.client, `shared${i}${j}@change.test`, PASSWORD, ip)).status);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('undoing an email change from the old address', () => {
  it('restores the old address after the change was applied and signs every device out', async () => {
    const me = await person();
    const phone = await signedInClient(db.db, me.id);
    expect((await change(me.client, 'thief@change.test', PASSWORD)).status).toBe(200);
    const undoLink = await linkTo(me.email, 'emailChangeNotice');
    expect(undoLink).toMatch(/\/email-change-undo\?token=/);
    expect((await openConfirmation((await linkTo('thief@change.test', 'emailChange'))!)).status).toBe(200);
    expect(await emailOf(me.id)).toBe('thief@change.test');

    // Changing it again must not cancel the first link: it was sent to the owner.
    expect((await change(me.client, 'thief2@change.test', PASSWORD)).status).toBe(200);
    const laterUndo = await linkTo('thief@change.test', 'emailChangeNotice');

    const res = await openUndo(undoLink!);
    expect(res.status).toBe(200);
    expect(res.body.message).toContain(me.email);
    expect(await emailOf(me.id)).toBe(me.email);
    expect((await me.client.call(session, '/api/auth/session')).status).toBe(401);
    expect((await phone.client.call(session, '/api/auth/session')).status).toBe(401);
    // The change still waiting, the later undo link and this one are all spent.
    expect((await openConfirmation((await linkTo('thief2@change.test', 'emailChange'))!)).status).toBe(400);
    expect((await openUndo(laterUndo!)).status).toBe(400);
    expect((await openUndo(undoLink!)).status).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('cancels a change that is still waiting for its confirmation', async () => {
    const me = await person();
    await change(me.client, 'pending@change.test', PASSWORD);
    expect((await openUndo((await linkTo(me.email, 'emailChangeNotice'))!)).status).toBe(200);
    const confirmed = await openConfirmation((await linkTo('pending@change.test', 'emailChange'))!);
    expect(confirmed.status).toBe(400);
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('refuses a forged token and a missing captcha', async () => {
    const forged = await new Client(nextIp()).call(undo, '/api/auth/emailChangeUndo', { json: { captchaCode: await solvedCaptcha(), token: 'x'.repeat(43) } });
    expect(forged.status).toBe(400);
    expect(forged.body.data.fields).toHaveProperty('token');
    const empty = await new Client(nextIp()).call(undo, '/api/auth/emailChangeUndo', { json: {} });
    expect(Object.keys(empty.body.data.fields).sort()).toEqual(['captchaCode', 'token']);
  });
});
