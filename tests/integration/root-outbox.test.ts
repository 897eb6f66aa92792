import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as oneRoute } from '@/app/api/root/outbox/[id]/route';
import { GET as listRoute } from '@/app/api/root/outbox/route';
import { POST as testRoute } from '@/app/api/root/outbox/test/route';
import { auditLog } from '@/lib/audit/tables';
import { resetEnv } from '@/lib/env';
import { LIMITS } from '@/lib/http/rate-limit';
import { sendTemplate } from '@/lib/mail/service';
import { emails } from '@/lib/mail/tables';
import { smtpTransport } from '@/lib/mail/transport';
import { users } from '@/lib/users/tables';
import { accountsDb, signedInClient } from './helpers/accounts';
import type { Client } from './helpers/http';
import { member } from './helpers/members';

let db: Awaited<ReturnType<typeof accountsDb>>;
let root: Client;
let rootId: string;
let owner: Client;
const SMTP = 'smtp://127.0.0.1:2525';

beforeAll(async () => {
  db = await accountsDb();
  [{ id: rootId }] = await db.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
  root = (await signedInClient(db.db, rootId)).client;
  owner = (await signedInClient(db.db, (await member(db.db, 'owner@demo.test')).userId)).client;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete process.env.SMTP_URL;
  resetEnv();
});
afterAll(async () => db.cleanup());

const list = (c: Client, query = '') => c.call(listRoute, `/api/root/outbox${query}`, { method: 'GET' });
const one = (c: Client, id: string) => c.call(oneRoute, `/api/root/outbox/${id}`, { method: 'GET', params: { id } });
const sendTest = (c: Client, json: unknown) => c.call(testRoute, '/api/root/outbox/test', { json });
const emailCount = async () => (await db.db.select({ n: count() }).from(emails))[0].n;
const testAudits = () => db.db.select().from(auditLog).where(eq(auditLog.action, 'email.test'));

/** SMTP configured, with the transport's send replaced: nothing leaves the machine. */
function withSmtp(send: () => Promise<unknown> = async () => ({ messageId: 'x' })) {
  process.env.SMTP_URL = SMTP;
  resetEnv();
  return vi.spyOn(smtpTransport(SMTP), 'sendMail').mockImplementation(send as never);
}

describe('GET /api/root/outbox', () => {
  const sent: string[] = [];
  beforeAll(async () => {
    // Oldest first, as the platform would have made them.
    for (const to of ['ana@example.com', 'bob@example.com', 'ana.b@example.org', 'carl_x@example.com', 'carlax@example.com']) {
      const row = await sendTemplate(db.db, to, 'passwordChanged', 'es', { name: to });
      sent.push(row.id);
    }
  });

  it('lists newest first without bodies, and pages with the last id', async () => {
    const first = await list(root, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual([sent[4], sent[3]]);
    expect(first.body.data[0]).toEqual({
      id: sent[4],
      to: 'carlax@example.com',
      subject: expect.stringContaining('contraseña'),
      kind: 'passwordChanged',
      locale: 'es',
      createdAt: expect.any(String),
      sentAt: null,
      state: 'kept',
    });
    expect(first.body.next).toBe(sent[3]);
    const second = await list(root, `?limit=2&before=${first.body.next}`);
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual([sent[2], sent[1]]);
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(root, `?limit=2${cursor ? `&before=${cursor}` : ''}`);
      all.push(...page.body.data.map((e: { id: string }) => e.id));
      cursor = page.body.next;
    } while (cursor);
    expect(all.slice(0, 5)).toEqual([...sent].reverse());
    expect(new Set(all).size).toBe(all.length);
  });

  it('searches by part of the recipient, case aside, wildcards taken literally', async () => {
    const to = async (q: string) => (await list(root, `?q=${encodeURIComponent(q)}`)).body.data.map((e: { to: string }) => e.to);
    expect(await to('ANA')).toEqual(['ana.b@example.org', 'ana@example.com']);
    expect(await to('example.org')).toEqual(['ana.b@example.org']);
    expect(await to('carl_')).toEqual(['carl_x@example.com']);
    expect(await to('%')).toEqual([]);
    const paged = await list(root, '?q=ana&limit=1');
    expect(paged.body.next).toBe(sent[2]);
    expect((await list(root, `?q=ana&limit=1&before=${paged.body.next}`)).body.data.map((e: { id: string }) => e.id)).toEqual([sent[0]]);
  });

  it('refuses a malformed cursor or limit with the field named, and answers an unknown cursor with nothing', async () => {
    const bad = await list(root, '?before=nope&limit=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['before', 'limit']);
    const unknown = await list(root, `?before=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ data: [], next: null });
  });

  it('is for root only', async () => {
    const res = await list(owner);
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ fields: {} });
  });
});

describe('GET /api/root/outbox/[id]', () => {
  it('answers one email in full, with its links', async () => {
    const row = await sendTemplate(db.db, 'full@example.com', 'emailConfirmation', 'en', { name: 'Full', link: '/email-confirmation?token=abc' });
    const res = await one(root, row.id.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: row.id, to: 'full@example.com', text: row.text, html: row.html, links: row.links, error: null, state: 'kept' });
    expect(res.body.data.links[0]).toMatch(/\/email-confirmation\?token=abc$/);
  });

  it('answers 404 for an unknown or malformed id, 403 for a non-root', async () => {
    expect((await one(root, crypto.randomUUID())).status).toBe(404);
    expect((await one(root, 'nope')).status).toBe(404);
    const [row] = await db.db.select({ id: emails.id }).from(emails).limit(1);
    expect((await one(owner, row.id)).status).toBe(403);
  });
});

describe('POST /api/root/outbox/test', () => {
  it('without SMTP answers 409 and keeps nothing', async () => {
    const before = { emails: await emailCount(), audits: (await testAudits()).length };
    const res = await sendTest(root, { to: 'someone@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/SMTP/);
    expect(await emailCount()).toBe(before.emails);
    expect(await testAudits()).toHaveLength(before.audits);
  });

  it('with SMTP sends through the transport, records the email and audits it', async () => {
    const send = withSmtp();
    const res = await sendTest(root, { to: ' Tester@Example.com ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toContain('tester@example.com');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toMatchObject({ to: 'tester@example.com', subject: expect.stringContaining('Test email') });
    const [row] = await db.db.select().from(emails).where(eq(emails.id, res.body.data.id));
    expect(row).toMatchObject({ to: 'tester@example.com', kind: 'test', error: null });
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toContain('root console');
    const [entry] = (await testAudits()).filter((a) => a.targetId === row.id);
    expect(entry).toMatchObject({ actorId: rootId, targetType: 'email', data: { to: 'tester@example.com', sent: true } });
  });

  it('answers 502 with the reason when the server refuses, keeping the failed email', async () => {
    withSmtp(async () => {
      throw new Error('550 mailbox unavailable');
    });
    const res = await sendTest(root, { to: 'refused@example.com' });
    expect(res.status).toBe(502);
    expect(res.body.message).toContain('550 mailbox unavailable');
    const [row] = await db.db.select().from(emails).where(eq(emails.to, 'refused@example.com'));
    expect(row).toMatchObject({ sentAt: null, error: '550 mailbox unavailable' });
    expect((await testAudits()).find((a) => a.targetId === row.id)?.data).toEqual({ to: 'refused@example.com', sent: false });
  });

  it('refuses a bad address with the field named, sending and keeping nothing', async () => {
    const send = withSmtp();
    const before = await emailCount();
    for (const json of [{ to: 'not-an-email' }, {}, { to: 42 }]) {
      const res = await sendTest(root, json);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.fields)).toEqual(['to']);
    }
    expect(send).not.toHaveBeenCalled();
    expect(await emailCount()).toBe(before);
  });

  it('is for root only: 403, nothing sent', async () => {
    const send = withSmtp();
    const before = await emailCount();
    expect((await sendTest(owner, { to: 'x@example.com' })).status).toBe(403);
    expect(send).not.toHaveBeenCalled();
    expect(await emailCount()).toBe(before);
  });

  it('limits how many test emails one root sends', async () => {
    withSmtp();
    // A second root, so the tests above do not count: the limit is per root user, not per address.
    const [other] = await db.db.insert(users).values({ email: 'root2@example.test', name: 'Second Root', status: 1, isRoot: true }).returning();
    const statuses: number[] = [];
    const limit = LIMITS.emailTest.points;
    for (let i = 0; i <= limit; i++) {
      const { client } = await signedInClient(db.db, other.id);
      statuses.push((await sendTest(client, { to: `burst${i}@example.com` })).status);
    }
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(201));
    expect(statuses[limit]).toBe(429);
  });
});
