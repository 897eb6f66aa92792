import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { ProjectContext } from '../http/route';
import { projects } from '../projects/tables';
import { PHOTOMAGIK_LIMITS as L } from './limits';
import type { OverviewView } from './schemas';
import { photomagikGenerations, photomagikStyles } from './tables';
import { dateTimeFormat } from '../format/intl';

type Reader = Pick<ProjectContext, 'db' | 'project'>;

/** The local calendar day `offset` days from today in `timeZone`, as YYYY-MM-DD. */
function localDay(timeZone: string, offset: number): string {
  const today = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const t = new Date(`${today}T12:00:00Z`);
  t.setUTCDate(t.getUTCDate() + offset);
  return t.toISOString().slice(0, 10);
}

/**
 * The last L.overviewDays days of user generations (previews are the dashboard's own work and
 * left out), bucketed by calendar day in the project's time zone: done and failed per day,
 * the failure rate of finished ones, the most used styles and how many users generated.
 */
export async function overview(ctx: Reader): Promise<OverviewView> {
  const [{ tz }] = await ctx.db.select({ tz: projects.timeZone }).from(projects).where(eq(projects.id, ctx.project.id));
  const from = localDay(tz, -(L.overviewDays - 1));
  const to = localDay(tz, 0);
  const since = sql`(${from}::date::timestamp AT TIME ZONE ${tz})`;
  const scope = and(eq(photomagikGenerations.projectId, ctx.project.id), eq(photomagikGenerations.kind, 'image'), gte(photomagikGenerations.createdAt, since));
  const perDay = await ctx.db
    .select({
      day: sql<string>`to_char((${photomagikGenerations.createdAt} AT TIME ZONE ${tz})::date, 'YYYY-MM-DD')`.as('day'),
      done: sql<number>`count(*) filter (where ${photomagikGenerations.status} = 'done')::int`,
      failed: sql<number>`count(*) filter (where ${photomagikGenerations.status} = 'failed')::int`,
    })
    .from(photomagikGenerations)
    .where(scope)
    .groupBy(sql`day`);
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const days: OverviewView['days'] = [];
  for (let d = from; d <= to;) {
    const row = byDay.get(d);
    days.push({ day: d, done: Number(row?.done ?? 0), failed: Number(row?.failed ?? 0) });
    const t = new Date(`${d}T12:00:00Z`);
    t.setUTCDate(t.getUTCDate() + 1);
    d = t.toISOString().slice(0, 10);
  }
  const total = days.reduce((n, d) => n + d.done + d.failed, 0);
  const failed = days.reduce((n, d) => n + d.failed, 0);
  const topStyles = await ctx.db
    .select({ id: photomagikGenerations.styleId, name: sql<string>`coalesce(${photomagikStyles.name}, '')`, count: sql<number>`count(*)::int` })
    .from(photomagikGenerations)
    .leftJoin(photomagikStyles, eq(photomagikStyles.id, photomagikGenerations.styleId))
    .where(scope)
    .groupBy(photomagikGenerations.styleId, photomagikStyles.name)
    .orderBy(desc(sql`count(*)`))
    .limit(5);
  const [{ active }] = await ctx.db
    .select({ active: sql<number>`count(distinct ${photomagikGenerations.userId})::int` })
    .from(photomagikGenerations)
    .where(scope);
  return {
    timeZone: tz,
    days,
    total,
    failed,
    // Whole per-mille, shown as a percentage with one decimal.
    failureRate: total ? Math.round((failed / total) * 1000) / 10 : 0,
    topStyles: topStyles.map((s) => ({ ...s, count: Number(s.count) })),
    activeUsers: Number(active),
  };
}
