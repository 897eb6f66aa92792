import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as overviewRoute } from '@/app/api/root/overview/route';
import { sessions } from '@/lib/auth/tables';
import { emails } from '@/lib/mail/tables';
import { projects } from '@/lib/projects/tables';
import { platformOverview, type PlatformOverview } from '@/lib/root/overview';
import { users } from '@/lib/users/tables';
import { accountsDb, signedInClient } from './helpers/accounts';
import { Client } from './helpers/http';
import { member } from './helpers/members';

let db: Awaited<ReturnType<typeof accountsDb>>;
let root: Client;
let rootId: string;
const ZONE = 'Asia/Tokyo'; // UTC+9 all year: an evening in UTC is the next day there.
const DAY = 86_400_000;

beforeAll(async () => {
  db = await accountsDb();
  [{ id: rootId }] = await db.db.select({ id: users.id }).from(users).where(eq(users.isRoot, true));
  await db.db.update(users).set({ timeZone: ZONE }).where(eq(users.id, rootId));
  root = (await signedInClient(db.db, rootId)).client;
});
afterAll(async () => db.cleanup());

const get = async (c: Client) => c.call(overviewRoute, '/api/root/overview', { method: 'GET' });
const overview = async (): Promise<PlatformOverview> => {
  const res = await get(root);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
/** The calendar day of an instant in a time zone, as the overview names days. */
const dayIn = (at: Date | number, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
const countOn = (o: PlatformOverview, day: string, what: 'signups' | 'logins') => o.activity.find((d) => d.day === day)?.[what];

let n = 0;
async function newUser(values: Partial<typeof users.$inferInsert> = {}) {
  n += 1;
  const [row] = await db.db
    .insert(users)
    .values({ email: `overview-${n}@example.test`, name: `Overview ${n}`, status: 1, ...values })
    .returning();
  return row;
}
const newSession = (userId: string, createdAt: Date, parentSessionId: string | null = null) =>
  db.db
    .insert(sessions)
    .values({ userId, refreshTokenHash: crypto.randomUUID(), createdAt, expiresAt: new Date(Date.now() + DAY), parentSessionId })
    .returning({ id: sessions.id })
    .then(([s]) => s.id);

describe('GET /api/root/overview', () => {
  it('lists the newest pending requests with their requester, and counts projects by status', async () => {
    const before = await overview();
    const requester = await newUser({ name: 'Rita Requester' });
    const base = Date.now() - 20 * DAY;
    const pending = [];
    for (let i = 0; i < 12; i++) {
      const [p] = await db.db
        .insert(projects)
        .values({ key: `pending-${i}`, name: `Pending ${i}`, status: 0, createdBy: i === 11 ? null : requester.id, createdAt: new Date(base + i * 1000) })
        .returning();
      pending.push(p);
    }
    await db.db.insert(projects).values([
      { key: 'off-1', name: 'Off', status: 2 },
      { key: 'on-1', name: 'On', status: 1 },
    ]);

    const after = await overview();
    expect(after.pending.count).toBe(before.pending.count + 12);
    expect(after.projects).toEqual({
      pending: before.projects.pending + 12,
      enabled: before.projects.enabled + 1,
      disabled: before.projects.disabled + 1,
    });
    // Newest first, ten of them; the one whose requester is gone says so with null.
    expect(after.pending.latest.map((p) => p.key)).toEqual(
      pending
        .slice(2)
        .reverse()
        .map((p) => p.key),
    );
    expect(after.pending.latest[0]).toEqual({
      id: pending[11].id,
      key: 'pending-11',
      name: 'Pending 11',
      requester: null,
      createdAt: pending[11].createdAt.toISOString(),
    });
    expect(after.pending.latest[1].requester).toEqual({ name: 'Rita Requester', email: requester.email });
  });

  it('counts users: all, unconfirmed and disabled', async () => {
    const before = await overview();
    await newUser({ status: -1 });
    await newUser({ status: -1, disabledAt: new Date() });
    await newUser({ disabledAt: new Date() });
    const after = await overview();
    expect(after.users).toEqual({ total: before.users.total + 3, unconfirmed: before.users.unconfirmed + 2, disabled: before.users.disabled + 2 });
  });

  it("counts signups and logins per day in the viewer's time zone, zero-filled, root's admin sessions left out", async () => {
    const before = await overview();
    expect(before.activity).toHaveLength(30);
    expect(before.activity.at(-1)!.day).toBe(dayIn(Date.now(), ZONE));
    // Consecutive days, oldest first.
    const gaps = before.activity.slice(1).map((d, i) => Date.parse(d.day) - Date.parse(before.activity[i].day));
    expect(new Set(gaps)).toEqual(new Set([DAY]));

    // 22:00 UTC five days ago: the next day in Tokyo.
    const evening = new Date(Date.now() - 5 * DAY);
    evening.setUTCHours(22, 0, 0, 0);
    const local = dayIn(evening, ZONE);
    expect(local).not.toBe(dayIn(evening, 'UTC'));
    const user = await newUser({ createdAt: evening });
    await newUser({ createdAt: new Date(Date.now() - 40 * DAY) }); // before the window
    await newSession(user.id, evening);
    const rootOwn = await newSession(rootId, evening);
    await newSession(rootId, evening, rootOwn); // root acting as a project's admin: not a login

    const after = await overview();
    expect(countOn(after, local, 'signups')).toBe(countOn(before, local, 'signups')! + 1);
    expect(countOn(after, local, 'logins')).toBe(countOn(before, local, 'logins')! + 2);
    const total = (o: PlatformOverview) => o.activity.reduce((sum, d) => sum + d.signups, 0);
    expect(total(after)).toBe(total(before) + 1);
    expect(after.users.total).toBe(before.users.total + 2);

    // The same instant for a viewer in UTC lands on the day before.
    const utc = await platformOverview(db.db, 'UTC');
    expect(countOn(utc, dayIn(evening, 'UTC'), 'logins')).toBeGreaterThanOrEqual(2);
    expect(utc.activity.at(-1)!.day).toBe(dayIn(Date.now(), 'UTC'));
  });

  it('counts the emails not sent, and says SMTP is off', async () => {
    const before = await overview();
    const mail = { subject: 'S', text: 'T', html: '<p>T</p>', kind: 'test', locale: 'en' };
    await db.db.insert(emails).values([
      { ...mail, to: 'kept@example.test' },
      { ...mail, to: 'failed@example.test', error: 'refused' },
      { ...mail, to: 'sent@example.test', sentAt: new Date() },
    ]);
    const after = await overview();
    expect(after.outbox).toEqual({ waiting: before.outbox.waiting + 2, smtp: false });
  });

  it('is for root only: 403 for a project owner, 401 without a session', async () => {
    const owner = (await signedInClient(db.db, (await member(db.db, 'owner@demo.test')).userId)).client;
    const res = await get(owner);
    expect(res.status).toBe(403);
    expect(res.body.data).toEqual({ fields: {} });
    expect((await get(new Client())).status).toBe(401);
  });
});
