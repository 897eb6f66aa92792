import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as profilesRoute from '@/app/api/profiles/route';
import { encodeAuthCookie } from '@/lib/auth/cookie';
import { recordPage } from '@/lib/eventlogs/capture';
import { flushEvents, pendingEvents, record, setRecording, type RawEvent } from '@/lib/eventlogs/recorder';
import { setRetention, sweepEventLogs } from '@/lib/eventlogs/retention';
import { eventLogs } from '@/lib/eventlogs/tables';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let member: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  member = await w.memberOf('A', ['PROFILES__VIEW']);
  // Project B keeps its events off: only A records.
  await db.db
    .update(projects)
    .set({ extensions: ['blog'] })
    .where(eq(projects.id, w.project.B.id));
  setRecording(true);
}, 60_000);
afterAll(async () => {
  setRecording(false);
  await db?.cleanup();
});
beforeEach(async () => {
  await flushEvents();
  await db.db.delete(eventLogs);
});

const rows = (projectId: string) => db.db.select().from(eventLogs).where(eq(eventLogs.projectId, projectId)).orderBy(eventLogs.id);

/** A finished response of the custom server, as `res.on('finish')` sees it. */
function page(path: string, headers: Record<string, string> = {}, status = 200) {
  const req = {
    method: 'GET',
    url: path,
    headers: { 'user-agent': 'Mozilla/5.0 Test', 'x-real-ip': '203.0.113.9', ...headers },
    socket: {},
  } as unknown as IncomingMessage;
  recordPage(req, { statusCode: status } as ServerResponse, 12);
}
const settle = () => new Promise((r) => setTimeout(r, 50)); // the token check runs after the response

function raw(overrides: Partial<RawEvent>): RawEvent {
  return {
    at: new Date(),
    kind: 'page',
    method: 'GET',
    path: '/x',
    status: 200,
    durationMs: 1,
    userId: null,
    projectId: w.project.A.id,
    projectKey: null,
    ip: '198.51.100.1',
    userAgent: 'UA',
    referrer: '',
    ...overrides,
  };
}

describe('event recording', () => {
  it("records a member's API call in memory and writes it only on flush", async () => {
    const res = await member.client.call(profilesRoute.GET, '/api/profiles?x=secret', {
      method: 'GET',
      headers: { referer: 'http://localhost:3000/dashboard?token=abc' },
    });
    expect(res.status).toBe(200);
    expect(pendingEvents()).toBe(1);
    expect(await rows(w.project.A.id)).toHaveLength(0);
    expect(await flushEvents()).toBe(1);
    const [e] = await rows(w.project.A.id);
    expect(e).toMatchObject({ kind: 'api', method: 'GET', path: '/api/profiles', status: 200, userId: member.userId, visitor: `u:${member.userId}` });
    expect(e.referrer).toBe('http://localhost:3000/dashboard'); // never the query string
  });

  it('records page views of members and of the public pages of a project, never assets, the API or prefetches', async () => {
    const tokens = member.client.tokens!;
    page('/dashboard/profiles', { cookie: `AUTH=${encodeAuthCookie(tokens)}` });
    page(`/projects/${w.project.A.key}/interview?code=1`);
    page('/_next/static/chunk.js');
    page('/icon.svg');
    page('/api/profiles');
    page('/dashboard/boards', { cookie: `AUTH=${encodeAuthCookie(tokens)}`, 'next-router-prefetch': '1' });
    page('/faq'); // anonymous, no project: nobody's event
    page(`/projects/${w.project.A.key}/interview`, { 'user-agent': 'Googlebot/2.1' });
    await settle();
    await flushEvents();
    const events = await rows(w.project.A.id);
    expect(events.map((e) => e.path).sort()).toEqual(['/dashboard/profiles', `/projects/${w.project.A.key}/interview`]);
    const anonymous = events.find((e) => !e.userId)!;
    expect(anonymous.visitor).toMatch(/^a:[\w-]{22}$/);
    expect(anonymous.visitor).not.toContain('203.0.113.9');
    expect(anonymous.ip).toBe('203.0.113.9');
    expect(events.find((e) => e.userId)!.visitor).toBe(`u:${member.userId}`);
  });

  it('keeps nothing for a project whose extension is off, nor for an unknown project', async () => {
    record(raw({ projectId: w.project.B.id }));
    record(raw({ projectId: null, projectKey: w.project.B.key }));
    record(raw({ projectId: null, projectKey: 'no-such-project' }));
    record(raw({}));
    expect(await flushEvents()).toBe(1);
    expect(await rows(w.project.B.id)).toHaveLength(0);
  });

  it('writes a full batch on its own without waiting for the timer', async () => {
    for (let i = 0; i < 500; i += 1) record(raw({ path: `/p/${i}` }));
    expect(pendingEvents()).toBe(0); // the batch left the buffer at once
    await flushEvents();
    expect(await rows(w.project.A.id)).toHaveLength(500);
  });

  it('flushes a partial batch after about two seconds', async () => {
    record(raw({ path: '/timer' }));
    await new Promise((r) => setTimeout(r, 2_300));
    await flushEvents(); // waits for the timer's write in flight, if any
    expect((await rows(w.project.A.id)).map((e) => e.path)).toEqual(['/timer']);
  });

  it('gives an anonymous visitor another id on another day, and the same one within a day', async () => {
    const base = raw({ ip: '198.51.100.77', userAgent: 'Same' });
    record({ ...base, at: new Date('2026-03-01T10:00:00Z') });
    record({ ...base, at: new Date('2026-03-01T20:00:00Z') });
    record({ ...base, at: new Date('2026-03-02T10:00:00Z') });
    await flushEvents();
    const v = (await rows(w.project.A.id)).map((e) => e.visitor);
    expect(v[0]).toBe(v[1]);
    expect(v[2]).not.toBe(v[0]);
  });
});

describe('retention', () => {
  it("deletes events older than each project's retention, default 90 days", async () => {
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
    // B's extension being off does not keep its old events forever.
    const insert = (projectId: string, d: number) =>
      db.db.insert(eventLogs).values({ projectId, at: daysAgo(d), kind: 'page', method: 'GET', path: `/${d}`, status: 200, visitor: 'a:x' });
    for (const d of [1, 11, 89, 91]) {
      await insert(w.project.A.id, d);
      await insert(w.project.B.id, d);
    }
    await setRetention(db.db, w.project.A.id, 10);
    expect(await sweepEventLogs(db.db)).toBe(4);
    expect((await rows(w.project.A.id)).map((e) => e.path)).toEqual(['/1']);
    expect((await rows(w.project.B.id)).map((e) => e.path)).toEqual(['/1', '/11', '/89']);
    await expect(db.db.execute(sql`update event_log_settings set retention_days = 0`)).rejects.toThrow();
  });
});
