import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { containsPattern } from '../db/like';
import { audit } from '../audit/service';
import { HttpError } from '../http/errors';
import { actorOf, type SignedInContext } from '../http/route';
import { projectTimeZone } from '../projects/time-zone';
import { users } from '../users/tables';
import { addDays, dateSpan, daysBetween, isDate } from './dates';
import { EVENT_LOG_LIMITS as L } from './limits';
import { retentionOf, setRetention } from './retention';
import type { ChartsQuery, ChartsView, DayStats, DayView, EventRow, EventsPage, EventsQuery, HourStats, Totals } from './schemas';
import { eventLogs } from './tables';
import { localDay, safeTimeZone } from './visitor';

/** What every query here needs: the database and the active project, which scopes them all. */
export type EventLogsCtx = { db: Db; project: { id: string } };

const GAP = sql.raw(`interval '${L.visitGapMinutes} minutes'`);

/** The project's zone, checked: the event-log days are cut on its clock. */
async function zoneOf(ctx: EventLogsCtx): Promise<string> {
  return safeTimeZone(await projectTimeZone(ctx.db, ctx.project.id));
}

/** A date from the path; anything else is a page that does not exist. */
export function dateOrThrow(value: string): string {
  if (!isDate(value)) throw new HttpError(404, 'notFound');
  return value;
}

/**
 * The project's events from local midnight of `from` to the end of `to`, each with the gap
 * since its visitor's previous event (events up to one gap before the range are read so a
 * visit begun just before it is not counted again). A visit starts at an event with no gap
 * or a gap of 30 minutes or more.
 */
function eventsWithGaps(ctx: EventLogsCtx, tz: string, from: string, to: string): SQL {
  return sql`
    bounds AS (
      SELECT (${from}::date::timestamp AT TIME ZONE ${tz}) AS s, ((${to}::date + 1)::timestamp AT TIME ZONE ${tz}) AS e
    ),
    ev AS (
      SELECT l.at, l.visitor, l.kind, l.status, l.at - lag(l.at) OVER (PARTITION BY l.visitor ORDER BY l.at) AS gap
      FROM event_logs l, bounds b
      WHERE l.project_id = ${ctx.project.id} AND l.at >= b.s - ${GAP} AND l.at < b.e
    ),
    inside AS (
      SELECT ev.*, (ev.gap IS NULL OR ev.gap >= ${GAP}) AS starts_visit FROM ev, bounds b WHERE ev.at >= b.s
    )`;
}

const COUNTS = sql`count(DISTINCT inside.visitor)::int AS visitors,
  (count(*) FILTER (WHERE inside.starts_visit))::int AS visits,
  (count(*) FILTER (WHERE inside.kind = 'page' AND inside.status < 400))::int AS page_views`;

type CountRow = { day: string | null; visitors: number; visits: number; page_views: number };
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
const totalsOf = (r?: CountRow): Totals => ({ visitors: r?.visitors ?? 0, visits: r?.visits ?? 0, pageViews: r?.page_views ?? 0 });

/** Per local day of [from, to] and over the whole span (distinct visitors are not a sum of days). */
export async function periodStats(ctx: EventLogsCtx, tz: string, from: string, to: string): Promise<{ days: DayStats[]; totals: Totals }> {
  const result = await ctx.db.execute(sql`
    WITH ${eventsWithGaps(ctx, tz, from, to)}
    SELECT to_char((inside.at AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS day, ${COUNTS}
    FROM inside GROUP BY GROUPING SETS ((1), ())`);
  const rows = rowsOf<CountRow>(result);
  const byDay = new Map(rows.filter((r) => r.day).map((r) => [r.day!, r]));
  return {
    days: dateSpan(from, to).map((date) => ({ date, ...totalsOf(byDay.get(date)) })),
    totals: totalsOf(rows.find((r) => r.day === null)),
  };
}

/** The charts page: a preset or custom range ending today by default, and the period before it. */
export async function accessCharts(ctx: EventLogsCtx, query: Partial<ChartsQuery>): Promise<ChartsView> {
  const timeZone = await zoneOf(ctx);
  const today = localDay(new Date(), timeZone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -((query.days ?? 30) - 1));
  const length = daysBetween(from, to) + 1;
  const prevTo = addDays(from, -1);
  const prevFrom = addDays(prevTo, -(length - 1));
  const [current, previous, retentionDays] = [
    await periodStats(ctx, timeZone, from, to),
    await periodStats(ctx, timeZone, prevFrom, prevTo),
    await retentionOf(ctx.db, ctx.project.id),
  ];
  return { timeZone, today, retentionDays, from, to, ...current, previous: { from: prevFrom, to: prevTo, ...previous } };
}

type HourRow = { idx: number; start: string; label: string; offset_minutes: number; visitors: number; visits: number; page_views: number };

/**
 * One local day hour by hour. Hours are real hours from local midnight to the next, so a
 * day when clocks go back has 25 and one when they go forward has 23; the label is the
 * local time and the offset tells the repeated hour apart.
 */
export async function dayDetail(ctx: EventLogsCtx, date: string): Promise<DayView> {
  const timeZone = await zoneOf(ctx);
  const result = await ctx.db.execute(sql`
    WITH ${eventsWithGaps(ctx, timeZone, date, date)},
    hours AS (
      SELECT h.start, (row_number() OVER (ORDER BY h.start) - 1)::int AS idx
      FROM bounds b, generate_series(b.s, b.e - interval '1 hour', interval '1 hour') AS h(start)
    )
    SELECT hours.idx, to_char(hours.start AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start,
      to_char(hours.start AT TIME ZONE ${timeZone}, 'HH24:MI') AS label,
      (extract(epoch FROM (hours.start AT TIME ZONE ${timeZone}) - (hours.start AT TIME ZONE 'UTC')) / 60)::int AS offset_minutes,
      count(DISTINCT inside.visitor)::int AS visitors,
      (count(inside.at) FILTER (WHERE inside.starts_visit))::int AS visits,
      (count(inside.at) FILTER (WHERE inside.kind = 'page' AND inside.status < 400))::int AS page_views
    FROM hours LEFT JOIN inside ON inside.at >= hours.start AND inside.at < hours.start + interval '1 hour'
    GROUP BY hours.idx, hours.start ORDER BY hours.start`);
  const hours: HourStats[] = rowsOf<HourRow>(result).map((r) => ({
    index: r.idx,
    start: r.start,
    label: r.label,
    offsetMinutes: r.offset_minutes,
    ...totalsOf({ day: null, visitors: r.visitors, visits: r.visits, page_views: r.page_views }),
  }));
  const { totals } = await periodStats(ctx, timeZone, date, date);
  return { date, timeZone, hours, totals };
}

/** The filters of one day's raw events, always inside the active project. */
async function eventFilter(ctx: EventLogsCtx, date: string, query: Partial<Omit<EventsQuery, 'page'>>): Promise<SQL> {
  const timeZone = await zoneOf(ctx);
  const start = sql`(${date}::date::timestamp AT TIME ZONE ${timeZone})`;
  const end = sql`((${date}::date + 1)::timestamp AT TIME ZONE ${timeZone})`;
  const hourStart = query.hour === undefined ? null : sql`${start} + make_interval(hours => ${query.hour})`;
  return and(
    eq(eventLogs.projectId, ctx.project.id),
    gte(eventLogs.at, hourStart ?? start),
    lt(eventLogs.at, hourStart ? sql`least(${hourStart} + interval '1 hour', ${end})` : end),
    query.kind ? eq(eventLogs.kind, query.kind) : undefined,
    query.q ? ilike(eventLogs.path, containsPattern(query.q)) : undefined,
  )!;
}

const EVENT_COLUMNS = {
  id: eventLogs.id,
  at: eventLogs.at,
  kind: eventLogs.kind,
  method: eventLogs.method,
  path: eventLogs.path,
  status: eventLogs.status,
  durationMs: eventLogs.durationMs,
  userName: users.name,
  visitor: eventLogs.visitor,
  ip: eventLogs.ip,
  userAgent: eventLogs.userAgent,
  referrer: eventLogs.referrer,
};

/** One page of a day's events, newest first. */
export async function dayEvents(ctx: EventLogsCtx, date: string, query: Partial<EventsQuery>): Promise<EventsPage> {
  const where = await eventFilter(ctx, date, query);
  const page = query.page ?? 1;
  const [{ total }] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(eventLogs)
    .where(where);
  const rows = await ctx.db
    .select(EVENT_COLUMNS)
    .from(eventLogs)
    .leftJoin(users, eq(users.id, eventLogs.userId))
    .where(where)
    .orderBy(desc(eventLogs.at), desc(eventLogs.id))
    .limit(L.eventsPageSize)
    .offset((page - 1) * L.eventsPageSize);
  const items: EventRow[] = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
  return { items, total, page, pageSize: L.eventsPageSize };
}

/** A cell that a spreadsheet would not run as a formula. */
function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = ['time_utc', 'local_time', 'kind', 'method', 'path', 'status', 'duration_ms', 'user', 'visitor', 'ip', 'user_agent', 'referrer'];

/** The day's events (same filters, oldest first) as CSV, at most csvMaxRows. */
export async function dayEventsCsv(ctx: EventLogsCtx, date: string, query: Partial<Omit<EventsQuery, 'page'>>): Promise<string> {
  const timeZone = await zoneOf(ctx);
  const where = await eventFilter(ctx, date, query);
  const rows = await ctx.db
    .select({ ...EVENT_COLUMNS, local: sql<string>`to_char(${eventLogs.at} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')` })
    .from(eventLogs)
    .leftJoin(users, eq(users.id, eventLogs.userId))
    .where(where)
    .orderBy(eventLogs.at, eventLogs.id)
    .limit(L.csvMaxRows);
  const lines = rows.map((r) =>
    [r.at.toISOString(), r.local, r.kind, r.method, r.path, r.status, r.durationMs, r.userName, r.visitor, r.ip, r.userAgent, r.referrer]
      .map(csvCell)
      .join(','),
  );
  return [CSV_HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Sets how long the project's events are kept; the next sweep applies it. Audited like other settings. */
export async function updateRetention(ctx: EventLogsCtx & SignedInContext, days: number): Promise<{ retentionDays: number }> {
  const before = await retentionOf(ctx.db, ctx.project.id);
  await ctx.db.transaction(async (tx) => {
    await setRetention(tx, ctx.project.id, days);
    await audit(tx, actorOf(ctx), {
      action: 'project.settings',
      target: { type: 'project', id: ctx.project.id },
      data: { eventLogsRetentionDays: { from: before, to: days } },
    });
  });
  return { retentionDays: days };
}
