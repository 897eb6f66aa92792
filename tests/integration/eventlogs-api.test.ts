import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as charts from '@/app/api/eventlogs/charts/route';
import * as csv from '@/app/api/eventlogs/days/[date]/csv/route';
import * as events from '@/app/api/eventlogs/days/[date]/events/route';
import * as day from '@/app/api/eventlogs/days/[date]/route';
import * as settings from '@/app/api/eventlogs/settings/route';
import { auditLog } from '@/lib/audit/tables';
import { AUTH_COOKIE } from '@/lib/auth/cookie';
import { eventLogSettings, eventLogs } from '@/lib/eventlogs/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type Member, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
let viewer: Member;
let admin: Member;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  viewer = await w.memberOf('A', ['EXTENSIONS__EVENTLOGS__VIEW']);
  admin = await w.memberOf('A', ['EXTENSIONS__EVENTLOGS__VIEW', 'SETTINGS__UPDATE']);
  const row = (projectId: string, at: string, path: string) => ({
    projectId,
    at: new Date(at),
    kind: 'page' as const,
    method: 'GET',
    path,
    status: 200,
    visitor: 'a:v',
  });
  await db.db
    .insert(eventLogs)
    .values([
      row(w.project.A.id, '2026-05-10T12:00:00Z', '/mine'),
      row(w.project.B.id, '2026-05-10T12:00:00Z', '/theirs'),
      row(w.project.B.id, '2026-05-10T13:00:00Z', '/theirs'),
    ]);
}, 60_000);
afterAll(async () => db?.cleanup());

const get = (m: Member, handler: typeof charts.GET, path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  m.client.call(handler, path, { method: 'GET', params, headers });

describe('event logs API', () => {
  it("shows only the active project's events", async () => {
    const res = await get(viewer, charts.GET, '/api/eventlogs/charts?from=2026-05-10&to=2026-05-10');
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ visitors: 1, visits: 1, pageViews: 1 });
    const list = await get(viewer, events.GET, '/api/eventlogs/days/2026-05-10/events', { date: '2026-05-10' });
    expect(list.body.items.map((e: { path: string }) => e.path)).toEqual(['/mine']);
    const hours = await get(viewer, day.GET, '/api/eventlogs/days/2026-05-10', { date: '2026-05-10' });
    expect(hours.body.hours).toHaveLength(24);
    expect(hours.body.totals.pageViews).toBe(1);
  });

  it('answers 400 with field errors in the caller language for a bad range', async () => {
    const preset = await get(viewer, charts.GET, '/api/eventlogs/charts?days=8');
    expect(preset.status).toBe(400);
    expect(preset.body.data.fields.days).toBe('This value is not valid.');
    const half = await get(viewer, charts.GET, '/api/eventlogs/charts?from=2026-05-10', {}, { 'accept-language': 'es' });
    expect(half.status).toBe(400);
    expect(Object.keys(half.body.data.fields)).toEqual(['to']);
    expect(half.body.data.fields.to).not.toBe('This field is required.');
    const backwards = await get(viewer, charts.GET, '/api/eventlogs/charts?from=2026-05-10&to=2026-05-01');
    expect(backwards.body.data.fields.to).toBeTruthy();
    const tooLong = await get(viewer, charts.GET, '/api/eventlogs/charts?from=2024-01-01&to=2026-01-01');
    expect(tooLong.status).toBe(400);
    const unreal = await get(viewer, charts.GET, '/api/eventlogs/charts?from=2026-02-30&to=2026-03-01');
    expect(unreal.body.data.fields.from).toBe('Enter a real date as YYYY-MM-DD.');
    const filter = await get(viewer, events.GET, '/api/eventlogs/days/2026-05-10/events?kind=other&hour=25', { date: '2026-05-10' });
    expect(Object.keys(filter.body.data.fields).sort()).toEqual(['hour', 'kind']);
  });

  it('answers 404 for a date that is not a real one', async () => {
    for (const date of ['2026-02-30', 'today', '2026-5-1', '1999-12-31']) {
      expect((await get(viewer, day.GET, `/api/eventlogs/days/${date}`, { date })).status).toBe(404);
      expect((await get(viewer, events.GET, `/api/eventlogs/days/${date}/events`, { date })).status).toBe(404);
    }
  });

  it('downloads the day as CSV', async () => {
    const req = new NextRequest('http://localhost:3000/api/eventlogs/days/2026-05-10/csv?kind=page', {
      headers: { host: 'localhost:3000', cookie: `${AUTH_COOKIE}=${viewer.client.cookie}` },
    });
    const res = await csv.GET(req, { params: Promise.resolve({ date: '2026-05-10' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="events-2026-05-10.csv"');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',/mine,');
  });

  it('sets the retention, audited; a rejected value changes nothing', async () => {
    const put = (json: unknown) => admin.client.call(settings.PUT, '/api/eventlogs/settings', { method: 'PUT', json });
    expect((await put({ retentionDays: 30 })).body).toEqual({ retentionDays: 30 });
    for (const bad of [0, 366, 'x', 2.5, null]) {
      const res = await put({ retentionDays: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.data.fields.retentionDays).toBeTruthy();
    }
    const [row] = await db.db.select().from(eventLogSettings).where(eq(eventLogSettings.projectId, w.project.A.id));
    expect(row.retentionDays).toBe(30);
    const entries = await db.db.select().from(auditLog).where(eq(auditLog.targetId, w.project.A.id));
    expect(entries.map((e) => e.data)).toContainEqual({ eventLogsRetentionDays: { from: 90, to: 30 } });
    expect((await get(viewer, charts.GET, '/api/eventlogs/charts')).body.retentionDays).toBe(30);
  });
});
