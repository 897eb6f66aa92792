import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as confirm } from '@/app/api/auth/emailConfirmation/route';
import { POST as register } from '@/app/api/auth/register/route';
import { resendWait } from '@/lib/auth/email-confirmation';
import { POST as resend } from '@/app/api/auth/resendEmailConfirmation/route';
import { oneTimeTokens } from '@/lib/auth/tables';
import { latestEmailTo } from '@/lib/mail/service';
import { emails } from '@/lib/mail/tables';
import { users } from '@/lib/users/tables';
import { accountsDb, nextIp } from './helpers/accounts';
import { solvedCaptcha } from './helpers/captcha';
import { Client } from './helpers/http';

let db: Awaited<ReturnType<typeof accountsDb>>;
beforeAll(async () => {
  db = await accountsDb();
});
afterAll(async () => db.cleanup());

let n = 0;
const fresh = () => `new.person${++n}@example.com`;
const password = 'Sup3r-secret';

async function signUp(client: Client, email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return client.call(register, '/api/auth/register', {
    json: { captchaCode: await solvedCaptcha(), name: 'Ana Pérez', email, password, navTimeZone: 'America/Santiago', ...extra },
    headers,
  });
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token')!;
}

describe('POST /api/auth/register', () => {
  it('creates an unconfirmed user, signs them in and emails a confirmation link in their language', async () => {
    const client = new Client(nextIp());
    const email = fresh();
    const res = await signUp(client, email, {}, { 'accept-language': 'es' });
    expect(res.status).toBe(200);
    expect(res.body.auth.accessToken).toBeTruthy();
    expect(res.body.user).toMatchObject({ email, status: -1, timeZone: 'America/Santiago', name: 'Ana Pérez' });
    const [row] = await db.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.language).toBe('es');
    const mail = await latestEmailTo(db.db, email, 'emailConfirmation');
    expect(mail?.links[0]).toMatch(/\/confirmacion-email\?token=[\w-]{43}$/);
    expect(mail?.html).toContain('<');
    expect(mail?.text).toContain(mail!.links[0]);
  });

  it('refuses a taken email (any case), weak passwords and bad names, storing nothing', async () => {
    const client = new Client(nextIp());
    const before = (await db.db.select({ id: users.id }).from(users)).length;
    const taken = await signUp(client, 'MANAGER@demo.test');
    expect(taken.status).toBe(409);
    expect(Object.keys(taken.body.data.fields)).toEqual(['email']);
    const weak = await signUp(client, fresh(), { password: 'short1A' });
    expect(weak.status).toBe(400);
    expect(Object.keys(weak.body.data.fields)).toEqual(['password']);
    for (const bad of ['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'x'.repeat(127) + 'A1'])
      expect((await signUp(client, fresh(), { password: bad })).body.data.fields).toHaveProperty('password');
    const name = await signUp(client, fresh(), { name: '<script>' });
    expect(Object.keys(name.body.data.fields)).toEqual(['name']);
    const missing = await client.call(register, '/api/auth/register', { json: {} });
    expect(Object.keys(missing.body.data.fields).sort()).toEqual(['captchaCode', 'email', 'name', 'password']);
    expect((await db.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses a wrong captcha', async () => {
    const res = await new Client(nextIp()).call(register, '/api/auth/register', {
      json: { captchaCode: 'eyJub3QiOiJ2YWxpZCJ9', name: 'Bo', email: fresh(), password, navTimeZone: 'UTC' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields)).toEqual(['captchaCode']);
  });

  it('allows 5 sign-ups an hour from one address', async () => {
    const client = new Client(nextIp());
    for (let i = 0; i < 5; i++) expect((await signUp(client, fresh())).status).toBe(200);
    const sixth = await signUp(client, fresh());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
  });
});

describe('email confirmation', () => {
  it('resend: a cooldown of 60 s, reported as secondsLeft, also on the refusal', async () => {
    const client = new Client(nextIp());
    const email = fresh();
    await signUp(client, email);
    const early = await client.call(resend, '/api/auth/resendEmailConfirmation');
    expect(early.status).toBe(429);
    expect(early.body.data.secondsLeft).toBeGreaterThan(55);
    expect(early.body.data.secondsLeft).toBeLessThanOrEqual(60);
    // The same wait the email bar starts its countdown with on the first page.
    const [user] = await db.db.select().from(users).where(eq(users.email, email));
    expect(await resendWait(db.db, user.id)).toBe(early.body.data.secondsLeft);
    // Pretend the first email went out a minute ago.
    await db.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeTokens.userId, user.id));
    expect(await resendWait(db.db, user.id)).toBe(0);
    const sent = await client.call(resend, '/api/auth/resendEmailConfirmation');
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ message: `We sent a new confirmation link to ${email}.`, data: { secondsLeft: 60 } });
    expect((await db.db.select().from(emails).where(eq(emails.to, email))).length).toBe(2);
    expect((await new Client().call(resend, '/api/auth/resendEmailConfirmation')).status).toBe(401);
  });

  it('confirms with the latest link once; the earlier link and a second use fail', async () => {
    const client = new Client(nextIp());
    const email = fresh();
    await signUp(client, email);
    const firstLink = (await latestEmailTo(db.db, email, 'emailConfirmation'))!.links[0];
    const [user] = await db.db.select().from(users).where(eq(users.email, email));
    await db.db
      .update(oneTimeTokens)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(oneTimeTokens.userId, user.id));
    await client.call(resend, '/api/auth/resendEmailConfirmation');
    const latest = (await latestEmailTo(db.db, email, 'emailConfirmation'))!.links[0];
    expect(latest).not.toBe(firstLink);

    const old = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', {
      json: { captchaCode: await solvedCaptcha(), token: tokenOf(firstLink) },
    });
    expect(old.status).toBe(400);
    expect(Object.keys(old.body.data.fields)).toEqual(['token']);

    const ok = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', {
      json: { captchaCode: await solvedCaptcha(), token: tokenOf(latest) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe(1);
    expect((await db.db.select().from(users).where(eq(users.email, email)))[0].status).toBe(1);

    const again = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', {
      json: { captchaCode: await solvedCaptcha(), token: tokenOf(latest) },
    });
    expect(again.status).toBe(400);
    const done = await client.call(resend, '/api/auth/resendEmailConfirmation');
    expect(done.status).toBe(409);
  });

  it('needs a captcha and a token', async () => {
    const res = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', { json: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['captchaCode', 'token']);
    const wrong = await new Client(nextIp()).call(confirm, '/api/auth/emailConfirmation', { json: { captchaCode: 'x', token: 'y' } });
    expect(Object.keys(wrong.body.data.fields)).toEqual(['captchaCode']);
  });
});
