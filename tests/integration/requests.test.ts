import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerCache } from '@/lib/auth/callers';
import { dbHandle } from '@/lib/db/client';
import { emails } from '@/lib/mail/tables';
import { memberships } from '@/lib/projects/tables';
import { DEFAULT_SLA } from '@/lib/requests/limits';
import { dueTimes, slaState } from '@/lib/requests/sla';
import { requests } from '@/lib/requests/tables';
import type { RequestSummary, ThreadEntry } from '@/lib/requests/types';
import { setupChatBus } from './helpers/chats';
import { feedSettled } from './helpers/feed';
import { multipart } from './helpers/http';
import { requestsApi } from './helpers/requests';
import { setupWorld, type Member } from './matrix/world';

const w = setupWorld();
const bus = setupChatBus();
const api = (m: Member) => requestsApi(m.client);
const A = () => w.project.A.id;
const STAFF = ['REQUESTS__VIEW', 'REQUESTS__CREATE', 'REQUESTS__UPDATE', 'REQUESTS__DELETE'];

/** A plain user of A (no profile) who opens a request there. */
async function requesterWith(subject = 'Printer on fire'): Promise<{ user: Member; id: string; number: number }> {
  const user = await w.memberOf('A', []);
  const res = await api(user).open({ projectId: A(), subject, type: 'problem', body: 'Smoke everywhere.' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { user, id: res.body.data.request.id, number: res.body.data.request.number };
}

describe('numbering', () => {
  it('counts per project, without repeats or gaps, however many open at once', async () => {
    const staffA = await w.memberOf('A', STAFF);
    const staffB = await w.memberOf('B', STAFF);
    const users = await Promise.all(Array.from({ length: 8 }, () => w.memberOf('A', [])));
    const made = await Promise.all(users.map((u, i) => api(u).open({ projectId: A(), subject: `Parallel ${i}`, type: 'question', body: 'Hi' })));
    for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(201);
    const all = (await api(staffA).list({ size: 100, sort: 'number', dir: 'asc' })).body.data.items as RequestSummary[];
    const numbers = all.map((r) => r.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    // B's count is its own.
    const bUser = await w.memberOf('B', []);
    const first = await api(staffB).create({ requesterEmail: bUser.email, subject: 'B one', type: 'task', body: 'x' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const inB = (await api(staffB).list({ size: 100 })).body.data.items as RequestSummary[];
    expect(Math.max(...inB.map((r) => r.number))).toBe(inB.length);
  });
});

describe('validation and scope', () => {
  it('answers 400 with field errors in the caller language and writes nothing', async () => {
    const user = await w.memberOf('A', []);
    const before = await w.db.select({ id: requests.id }).from(requests);
    const res = await api(user).open({ projectId: A(), subject: '', type: 'nonsense', body: 'x'.repeat(10_001) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.fields).sort()).toEqual(['body', 'subject', 'type']);
    const es = await user.client.call((await import('@/app/api/requests/mine/route')).POST, '/api/requests/mine', {
      json: { projectId: A(), subject: '', type: 'question', body: 'x' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.data.fields.subject).toBe('Este campo es obligatorio.');
    const staff = await w.memberOf('A', STAFF);
    const stranger = await w.memberOf('B', []);
    const bad = await api(staff).create({ requesterEmail: stranger.email, subject: 'Hi', type: 'task', body: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields).toHaveProperty('requesterEmail');
    const tags = await api(staff).patch((await requesterWith()).id, { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) });
    expect(tags.status).toBe(400);
    expect((await w.db.select({ id: requests.id }).from(requests)).length).toBe(before.length + 1);
  });

  it("a user sees only their own requests; another's, or another project's, is a 404", async () => {
    const { user, id } = await requesterWith();
    const other = await w.memberOf('A', []);
    expect((await api(user).own(id)).status).toBe(200);
    expect((await api(other).own(id)).status).toBe(404);
    expect((await api(other).answer(id, { body: 'me too' })).status).toBe(404);
    expect((await api(other).mine()).body.data.requests.map((r: { id: string }) => r.id)).not.toContain(id);
    const staffB = await w.memberOf('B', STAFF);
    expect((await api(staffB).get(id)).status).toBe(404);
    expect((await api(staffB).patch(id, { status: 'open' })).status).toBe(404);
    expect((await api(staffB).list()).body.data.items.map((r: RequestSummary) => r.id)).not.toContain(id);
    expect((await api(user).open({ projectId: w.project.B.id, subject: 'x', type: 'question', body: 'x' })).status).toBe(404);
    // A user removed from the project no longer reads their request.
    await w.db
      .update(memberships)
      .set({ status: 0 })
      .where(and(eq(memberships.userId, user.userId), eq(memberships.projectId, A())));
    expect((await api(user).own(id)).status).toBe(404);
  });
});

describe('status', () => {
  it('follows the transitions; replies move it; closed is final', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, id } = await requesterWith();
    expect((await api(staff).get(id)).body.data.request.status).toBe('new');
    // A note leaves the customer waiting on staff: open. A public reply waits on the customer.
    await api(staff).reply(id, { body: 'Looking', internal: true });
    expect((await api(staff).get(id)).body.data.request.status).toBe('open');
    await api(staff).reply(id, { body: 'Which printer?' });
    expect((await api(user).own(id)).body.data.request.status).toBe('pending');
    await api(user).answer(id, { body: 'The red one' });
    expect((await api(staff).get(id)).body.data.request.status).toBe('open');
    expect((await api(staff).patch(id, { status: 'resolved' })).status).toBe(200);
    const back = await api(staff).patch(id, { status: 'pending' });
    expect(back.status).toBe(409);
    expect(back.body.data.fields).toHaveProperty('status');
    expect((await api(staff).patch(id, { status: 'closed' })).status).toBe(200);
    expect((await api(staff).patch(id, { status: 'open' })).status).toBe(409);
    expect((await api(user).answer(id, { body: 'again' })).status).toBe(409);
    expect((await api(staff).reply(id, { body: 'late' })).status).toBe(409);
  });

  it('assigns only staff who read requests; priority and tags change', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, id } = await requesterWith();
    expect((await api(staff).patch(id, { assigneeId: user.userId })).status).toBe(400);
    const res = await api(staff).patch(id, { assigneeId: staff.userId, priority: 'urgent', tags: ['Printer', 'printer', 'fire'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.request).toMatchObject({ assignee: { id: staff.userId }, priority: 'urgent', tags: ['printer', 'fire'] });
    const mineOnly = (await api(staff).list({ view: 'mine' })).body.data.items as RequestSummary[];
    expect(mineOnly.map((r) => r.id)).toEqual([id]);
    const tagged = (await api(staff).list({ tag: 'fire' })).body.data.items as RequestSummary[];
    expect(tagged.map((r) => r.id)).toContain(id);
    const unassigned = (await api(staff).list({ view: 'unassigned', size: 100 })).body.data.items as RequestSummary[];
    expect(unassigned.map((r) => r.id)).not.toContain(id);
    const searched = (await api(staff).list({ q: 'printer on' })).body.data.items as RequestSummary[];
    expect(searched.length).toBeGreaterThan(0);
    const page = (await api(staff).list({ size: 2, page: 2, sort: 'number', dir: 'asc' })).body.data;
    expect(page.items.map((r: RequestSummary) => r.number)).toEqual([3, 4]);
    expect(page.total).toBeGreaterThan(4);
  });
});

describe('notes stay with staff', () => {
  it('never reach the requester through the list, the detail, the files or the events', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, id } = await requesterWith();
    await bus.take();
    const note = await api(staff).reply(
      id,
      { body: 'SECRET NOTE' },
      multipart({ body: 'SECRET NOTE', internal: true }, [
        ['file_0', { bytes: new TextEncoder().encode('{"secret":1}\n'), type: 'text/plain', name: 's.txt' }],
      ]),
    );
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const reply = await api(staff).reply(id, { body: 'Public answer' });
    expect(reply.status).toBe(201);
    const events = await bus.take();
    const toRequester = events.filter((e) => e.audience.customers?.includes(user.userId));
    expect(toRequester.length).toBeGreaterThan(0);
    expect(JSON.stringify(toRequester)).not.toContain('SECRET');
    expect(
      events.some(
        (e) => e.e === 'requests:entry' && JSON.stringify(e.d).includes('SECRET') && e.audience.perms?.includes('REQUESTS__VIEW') && !e.audience.customers,
      ),
    ).toBe(true);

    const own = await api(user).own(id);
    expect(JSON.stringify(own.body)).not.toContain('SECRET');
    expect((own.body.data.thread as ThreadEntry[]).map((e) => e.body)).toEqual(['Smoke everywhere.', 'Public answer']);
    expect(JSON.stringify((await api(user).mine()).body)).not.toContain('SECRET');
    const noteFile = (note.body.data.entry as ThreadEntry).attachments[0].url;
    expect((await api(user).file(noteFile)).status).toBe(404);
    expect((await api(staff).file(noteFile)).status).toBe(200);
    const staffThread = (await api(staff).get(id)).body.data.thread as ThreadEntry[];
    expect(staffThread.map((e) => e.kind)).toEqual(['reply', 'note', 'reply']);
  });
});

describe('email', () => {
  it('a staff reply goes to the requester through the outbox, in their language; a note does not', async () => {
    const staff = await w.memberOf('A', STAFF);
    const { user, id, number } = await requesterWith('Invoice missing');
    await api(staff).reply(id, { body: 'Just a note', internal: true });
    expect(await w.db.select().from(emails).where(eq(emails.to, user.email))).toHaveLength(0);
    await api(staff).reply(id, { body: 'Here it is.' });
    const [mail] = await w.db.select().from(emails).where(eq(emails.to, user.email));
    expect(mail).toMatchObject({ kind: 'requestReply', subject: `Re: [#${number}] Invoice missing` });
    expect(mail.text).toContain('Here it is.');
    expect(mail.text).not.toContain('Just a note');
    expect(mail.links[0]).toContain(`/account/requests/${id}`);
  });
});

describe('merge and links', () => {
  it('moves the duplicate thread, closes it and tells the requester; other requesters are refused', async () => {
    const staff = await w.memberOf('A', STAFF);
    const first = await requesterWith('Login broken');
    const dup = await api(first.user).open({ projectId: A(), subject: 'Still cannot log in', type: 'problem', body: 'Same again' });
    const dupId = dup.body.data.request.id as string;
    const someoneElse = await requesterWith('Other');
    expect((await api(staff).merge(dupId, someoneElse.id)).status).toBe(409);
    expect((await api(staff).merge(dupId, dupId)).status).toBe(400);
    const res = await api(staff).merge(dupId, first.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = (await api(first.user).own(first.id)).body.data;
    expect((kept.thread as ThreadEntry[]).map((e) => e.body)).toEqual(['Smoke everywhere.', 'Same again', `merged:${dup.body.data.request.number}`]);
    const closed = (await api(first.user).own(dupId)).body.data.request;
    expect(closed).toMatchObject({ status: 'closed', mergedIntoId: first.id });
    const [mail] = await w.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, first.user.email), eq(emails.kind, 'requestMerged')));
    expect(mail.links[0]).toContain(first.id);
  });

  it('links related requests both ways, once, and unlinks', async () => {
    const staff = await w.memberOf('A', STAFF);
    const x = await requesterWith('X');
    const y = await requesterWith('Y');
    expect((await api(staff).link(x.id, y.id)).status).toBe(200);
    expect((await api(staff).link(y.id, x.id)).status).toBe(200);
    expect((await api(staff).get(y.id)).body.data.related.map((r: { id: string }) => r.id)).toEqual([x.id]);
    expect((await api(staff).get(x.id)).body.data.related.map((r: { id: string }) => r.id)).toEqual([y.id]);
    expect((await api(staff).link(x.id, x.id)).status).toBe(400);
    expect((await api(staff).unlink(y.id, x.id)).status).toBe(200);
    expect((await api(staff).get(x.id)).body.data.related).toEqual([]);
    expect((await api(staff).unlink(y.id, x.id)).status).toBe(404);
  });
});

describe('SLA', () => {
  it('computes due times from the targets and marks breaches', () => {
    const opened = new Date('2026-01-01T10:00:00Z');
    const due = dueTimes(opened, 'urgent', DEFAULT_SLA);
    expect(due.firstResponseDueAt.toISOString()).toBe('2026-01-01T10:30:00.000Z');
    expect(due.resolutionDueAt.toISOString()).toBe('2026-01-01T14:00:00.000Z');
    expect(slaState(due.firstResponseDueAt, null, new Date('2026-01-01T10:29:00Z')).breached).toBe(false);
    expect(slaState(due.firstResponseDueAt, null, new Date('2026-01-01T10:31:00Z')).breached).toBe(true);
    expect(slaState(due.firstResponseDueAt, new Date('2026-01-01T10:20:00Z'), new Date('2026-01-02T00:00:00Z')).breached).toBe(false);
    expect(slaState(due.firstResponseDueAt, new Date('2026-01-01T10:40:00Z')).breached).toBe(true);
  });

  it('uses the project targets, recomputes on a priority change, records the first response and lists breaches', async () => {
    const admin = await w.memberOf('A', ['SETTINGS__UPDATE']);
    const staff = await w.memberOf('A', STAFF);
    const t = (firstResponse: number, resolution: number) => ({ firstResponse, resolution });
    expect((await api(admin).setSla({ low: t(0, 10), normal: t(60, 600), high: t(30, 300), urgent: t(5, 50) })).status).toBe(400);
    expect((await api(admin).setSla({ low: t(120, 1200), normal: t(60, 600), high: t(30, 300), urgent: t(5, 50) })).status).toBe(200);
    expect((await api(admin).sla()).body.data.targets.normal).toEqual(t(60, 600));
    const { id } = await requesterWith();
    const r = (await api(staff).get(id)).body.data.request as RequestSummary;
    const opened = new Date(r.createdAt).getTime();
    expect(new Date(r.firstResponse.dueAt!).getTime() - opened).toBe(60 * 60_000);
    const high = (await api(staff).patch(id, { priority: 'high' })).body.data.request as RequestSummary;
    expect(new Date(high.resolution.dueAt!).getTime() - opened).toBe(300 * 60_000);
    // Two hours later nobody had answered: breached, and listed as such.
    await w.db
      .update(requests)
      .set({ createdAt: new Date(opened - 2 * 3_600_000), firstResponseDueAt: new Date(opened - 3_600_000) })
      .where(eq(requests.id, id));
    const breached = (await api(staff).list({ view: 'breached', size: 100 })).body.data.items as RequestSummary[];
    expect(breached.find((b) => b.id === id)?.firstResponse.breached).toBe(true);
    await api(staff).reply(id, { body: 'Sorry for the wait' });
    const answered = (await api(staff).get(id)).body.data.request as RequestSummary;
    expect(answered.firstResponse.metAt).not.toBeNull();
    expect(answered.firstResponse.breached).toBe(true);
  });
});

describe('attachments', () => {
  it('are checked by content, stored privately and served only to who may read the entry', async () => {
    const sharp = (await import('sharp')).default;
    const png = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    );
    const user = await w.memberOf('A', []);
    const staff = await w.memberOf('A', STAFF);
    const stranger = await w.memberOf('A', []);
    const fake = await api(user).open(
      {},
      multipart({ projectId: A(), subject: 'Fake', type: 'problem', body: 'x' }, [['file_0', { bytes: new Uint8Array([77, 90, 0, 0, 1, 2]), name: 'a.exe' }]]),
    );
    expect(fake.status).toBe(400);
    expect(fake.body.data.fields).toHaveProperty('file_0');
    const res = await api(user).open(
      {},
      multipart({ projectId: A(), subject: 'With a screenshot', type: 'problem', body: 'See the picture' }, [
        ['file_0', { bytes: png, type: 'image/png', name: 'shot.png' }],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const own = (await api(user).own(res.body.data.request.id)).body.data.thread as ThreadEntry[];
    const url = own[0].attachments[0].url;
    expect(own[0].attachments[0]).toMatchObject({ name: 'shot.png', type: 'image/png' });
    const download = async (m: Member) => {
      const [, , , , entryId, fileId] = url.split('/');
      const { GET } = await import('@/app/api/requests/files/[entryId]/[fileId]/route');
      const { NextRequest } = await import('next/server');
      const { AUTH_COOKIE } = await import('@/lib/auth/cookie');
      const req = new NextRequest(`http://localhost:3000${url}`, { headers: { host: 'localhost:3000', cookie: `${AUTH_COOKIE}=${m.client.cookie}` } });
      return GET(req, { params: Promise.resolve({ entryId, fileId }) });
    };
    const mine = await download(user);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    expect((await download(staff)).status).toBe(200);
    expect((await download(stranger)).status).toBe(404);
  });
});

describe('limits', () => {
  it('a requester opens at most 10 requests an hour; the next is a 429 with Retry-After', async () => {
    const user = await w.memberOf('A', []);
    for (let i = 0; i < 10; i += 1) expect((await api(user).open({ projectId: A(), subject: `Flood ${i}`, type: 'question', body: 'x' })).status).toBe(201);
    const refused = await api(user).open({ projectId: A(), subject: 'One more', type: 'question', body: 'x' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe("the list's total and tags", () => {
  // Both read every request of the project; they are kept per project until its requests change.
  const seen = async (m: Member, query: Record<string, string> = {}) => {
    const res = await api(m).list(query);
    expect(res.status).toBe(200);
    return res.body.data as { total: number; tags: string[]; items: RequestSummary[] };
  };

  it('follow every change to the requests at once, per view', async () => {
    const staff = await w.memberOf('A', STAFF);
    await feedSettled();
    const first = await seen(staff);
    const mine = await seen(staff, { view: 'mine' });
    expect(await seen(staff)).toEqual(first);
    const hits = callerCache(dbHandle()).stats().hits;
    await seen(staff);
    // The session, the grant, the total and the tags.
    expect(callerCache(dbHandle()).stats().hits - hits).toBeGreaterThanOrEqual(4);

    const { id } = await requesterWith('Counted');
    expect((await seen(staff)).total).toBe(first.total + 1);
    expect((await api(staff).patch(id, { tags: ['zebra-tag'], assigneeId: staff.userId })).status).toBe(200);
    expect((await seen(staff)).tags).toContain('zebra-tag');
    expect((await seen(staff, { view: 'mine' })).total).toBe(mine.total + 1);
    // An operator's delete, in SQL.
    await w.db.delete(requests).where(eq(requests.id, id));
    const after = await seen(staff);
    expect(after.total).toBe(first.total);
    expect(after.tags).not.toContain('zebra-tag');
    expect((await seen(staff, { view: 'mine' })).total).toBe(mine.total);
  });

  it('are served from memory: a request written with the triggers off goes uncounted until a change is announced', async () => {
    const staff = await w.memberOf('A', STAFF);
    await feedSettled();
    const before = await seen(staff, { view: 'unassigned' });
    const { id } = await requesterWith('Unannounced');
    expect((await seen(staff, { view: 'unassigned' })).total).toBe(before.total + 1);
    await w.db.transaction(async (tx) => {
      // What no code path does: write without the announcement, to prove the total comes from memory.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(requests).set({ assigneeId: staff.userId }).where(eq(requests.id, id));
    });
    // On PostgreSQL this instance's own write holds the cache aside until its fence is heard.
    await feedSettled();
    // The assignment was not announced: still counted as unassigned, until the next change is.
    expect((await seen(staff, { view: 'unassigned' })).total).toBe(before.total + 1);
    expect((await api(staff).patch(id, { priority: 'high' })).status).toBe(200);
    expect((await seen(staff, { view: 'unassigned' })).total).toBe(before.total);
  });
});
