import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessCharts, dayDetail, dayEvents, dayEventsCsv, periodStats } from '@/lib/eventlogs/service';
import { eventLogs } from '@/lib/eventlogs/tables';
import { projects } from '@/lib/projects/tables';
import { accountsDb } from './helpers/accounts';
import { buildWorld, type World } from './matrix/world';

let db: Awaited<ReturnType<typeof accountsDb>>;
let w: World;
const TZ = 'America/Santiago';
let demoView: Awaited<ReturnType<typeof accessCharts>>;

beforeAll(async () => {
  db = await accountsDb();
  w = await buildWorld(db.db);
  await db.db.update(projects).set({ timeZone: TZ }).where(eq(projects.id, w.project.A.id));
  // Read before the first test clears the events.
  const [demo] = await db.db.select().from(projects).where(eq(projects.key, 'demo'));
  demoView = await accessCharts({ db: db.db, project: { id: demo.id } }, { days: 90 });
}, 60_000);
afterAll(async () => db?.cleanup());
beforeEach(async () => {
  await db.db.delete(eventLogs);
});

const ctx = () => ({ db: db.db, project: { id: w.project.A.id } });
type Ev = { at: string; visitor?: string; kind?: 'page' | 'api'; status?: number; path?: string; projectId?: string };
async function insert(...events: Ev[]) {
  await db.db.insert(eventLogs).values(
    events.map((e) => ({
      projectId: e.projectId ?? w.project.A.id,
      at: new Date(e.at),
      kind: e.kind ?? 'page',
      method: 'GET',
      path: e.path ?? '/dashboard',
      status: e.status ?? 200,
      visitor: e.visitor ?? 'a:one',
    })),
  );
}

describe('days in the project time zone (America/Santiago)', () => {
  it('puts an event in the local day, not the UTC one', async () => {
    // 02:30 UTC on 3 April is 23:30 on 2 April in Santiago (UTC-3).
    await insert({ at: '2026-04-03T02:30:00Z' });
    const { days } = await periodStats(ctx(), TZ, '2026-04-02', '2026-04-03');
    expect(days.map((d) => [d.date, d.pageViews])).toEqual([
      ['2026-04-02', 1],
      ['2026-04-03', 0],
    ]);
  });

  it('gives the day clocks go back (4 April 2026) 25 hours, the repeated 23:00 told apart by its offset', async () => {
    await insert(
      { at: '2026-04-04T03:00:00Z', visitor: 'a:first' }, // local midnight, UTC-3
      { at: '2026-04-05T02:30:00Z', visitor: 'a:first' }, // 23:30 UTC-3
      { at: '2026-04-05T03:30:00Z', visitor: 'a:second' }, // 23:30 again, now UTC-4: still 4 April
      { at: '2026-04-05T04:30:00Z', visitor: 'a:third' }, // 00:30 on 5 April
    );
    const day = await dayDetail(ctx(), '2026-04-04');
    expect(day.hours).toHaveLength(25);
    expect(day.hours[0]).toMatchObject({ label: '00:00', offsetMinutes: -180, pageViews: 1, start: '2026-04-04T03:00:00Z' });
    expect(day.hours.slice(-2).map((h) => [h.label, h.offsetMinutes, h.pageViews])).toEqual([
      ['23:00', -180, 1],
      ['23:00', -240, 1],
    ]);
    expect(day.totals).toEqual({ visitors: 2, visits: 3, pageViews: 3 });
    const { days } = await periodStats(ctx(), TZ, '2026-04-04', '2026-04-05');
    expect(days.map((d) => d.pageViews)).toEqual([3, 1]);
  });

  it('gives the day clocks go forward (6 September 2026) 23 hours, starting at 01:00', async () => {
    await insert(
      { at: '2026-09-06T03:30:00Z' }, // 23:30 on 5 September (UTC-4)
      { at: '2026-09-06T04:10:00Z', visitor: 'a:two' }, // 01:10 on 6 September (UTC-3)
      { at: '2026-09-07T02:59:00Z', visitor: 'a:two' }, // 23:59 on 6 September
    );
    const day = await dayDetail(ctx(), '2026-09-06');
    expect(day.hours).toHaveLength(23);
    expect(day.hours[0]).toMatchObject({ label: '01:00', offsetMinutes: -180, pageViews: 1 });
    expect(day.hours.at(-1)).toMatchObject({ label: '23:00', pageViews: 1 });
    expect((await dayDetail(ctx(), '2026-09-05')).hours).toHaveLength(24);
    const { days } = await periodStats(ctx(), TZ, '2026-09-05', '2026-09-06');
    expect(days.map((d) => d.pageViews)).toEqual([1, 2]);
  });
});

describe('visitors, visits and page views', () => {
  it('counts a visit per gap of 30 minutes or more, and page views only for pages that answered', async () => {
    await insert(
      { at: '2026-05-10T14:00:00Z' },
      { at: '2026-05-10T14:20:00Z', kind: 'api' }, // same visit; not a page view
      { at: '2026-05-10T14:49:59Z' }, // 29:59 later: same visit
      { at: '2026-05-10T15:20:00Z', status: 404 }, // 30:01 later: a new visit; a 404 is no page view
      { at: '2026-05-10T15:00:00Z', visitor: 'u:member' },
      { at: '2026-05-10T15:00:00Z', projectId: w.project.B.id }, // another project's: never counted
    );
    const { totals } = await periodStats(ctx(), TZ, '2026-05-10', '2026-05-10');
    expect(totals).toEqual({ visitors: 2, visits: 3, pageViews: 3 });
  });

  it('does not count again a visit begun just before the range', async () => {
    // 03:50 UTC is 23:50 on 9 May (UTC-4 in May); 04:10 is 00:10 on 10 May.
    await insert({ at: '2026-05-10T03:50:00Z' }, { at: '2026-05-10T04:10:00Z' });
    const { totals } = await periodStats(ctx(), TZ, '2026-05-10', '2026-05-10');
    expect(totals).toEqual({ visitors: 1, visits: 0, pageViews: 1 });
  });

  it('counts distinct visitors over the range, not the sum of the days', async () => {
    await insert({ at: '2026-05-10T15:00:00Z' }, { at: '2026-05-11T15:00:00Z' });
    const { days, totals } = await periodStats(ctx(), TZ, '2026-05-10', '2026-05-11');
    expect(days.map((d) => d.visitors)).toEqual([1, 1]);
    expect(totals.visitors).toBe(1);
  });

  it('compares a custom range with the period of the same length before it', async () => {
    await insert({ at: '2026-04-01T15:00:00Z' }, { at: '2026-04-02T15:00:00Z' }, { at: '2026-04-04T15:00:00Z' });
    const view = await accessCharts(ctx(), { from: '2026-04-03', to: '2026-04-05' });
    expect([view.from, view.to, view.previous.from, view.previous.to]).toEqual(['2026-04-03', '2026-04-05', '2026-03-31', '2026-04-02']);
    expect(view.days).toHaveLength(3);
    expect(view.totals.pageViews).toBe(1);
    expect(view.previous.totals.pageViews).toBe(2);
    expect(view.timeZone).toBe(TZ);
  });

  it('ends a preset today in the project time zone', async () => {
    const view = await accessCharts(ctx(), { days: 7 });
    expect(view.days).toHaveLength(7);
    expect(view.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date()));
    expect(view.retentionDays).toBe(90);
  });
});

describe('raw events of a day', () => {
  it('pages, filters by kind, path and hour, and exports CSV in local time', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({ at: new Date(Date.UTC(2026, 4, 10, 13, i)).toISOString(), path: `/p/${i}` }));
    await insert(...many, { at: '2026-05-10T18:00:00Z', kind: 'api', path: '/api/boards' }, { at: '2026-05-10T18:05:00Z', path: '=cmd()' });
    const first = await dayEvents(ctx(), '2026-05-10', { page: 1 });
    expect(first.total).toBe(62);
    expect(first.items).toHaveLength(50);
    expect(first.items[0].path).toBe('=cmd()'); // newest first
    expect((await dayEvents(ctx(), '2026-05-10', { page: 2 })).items).toHaveLength(12);
    expect((await dayEvents(ctx(), '2026-05-10', { kind: 'api' })).items.map((e) => e.path)).toEqual(['/api/boards']);
    expect((await dayEvents(ctx(), '2026-05-10', { q: 'p/5' })).total).toBe(11);
    // 13:xx UTC is 09:xx in Santiago (UTC-4): the day's tenth hour.
    expect((await dayEvents(ctx(), '2026-05-10', { hour: 9 })).total).toBe(60);
    const csv = await dayEventsCsv(ctx(), '2026-05-10', { kind: 'page' });
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('time_utc,local_time,kind,method,path,status,duration_ms,user,visitor,ip,user_agent,referrer');
    expect(lines).toHaveLength(62);
    expect(lines[1]).toMatch(/^2026-05-10T13:00:00.000Z,2026-05-10 09:00:00,page,GET,\/p\/0,200,/);
    expect(lines.at(-1)).toContain(",'=cmd(),"); // not a formula in a spreadsheet
  });
});

describe('demo data', () => {
  it('gives Demo Studio about 60 days of history, today included', async () => {
    const view = demoView;
    const active = view.days.filter((d) => d.pageViews > 0).length;
    expect(active).toBeGreaterThanOrEqual(55);
    expect(view.totals.visitors).toBeGreaterThan(100);
    expect(view.days.slice(-61, -1).every((d) => d.visits > 0)).toBe(true);
  });
});
