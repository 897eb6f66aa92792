import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { sessions } from '../auth/tables';
import type { Db } from '../db/client';
import { env } from '../env';
import { emails } from '../mail/tables';
import { projects } from '../projects/tables';
import { users } from '../users/tables';
import { isTimeZone } from '../validation/timezone';

export const PENDING_SHOWN = 10;
export const ACTIVITY_DAYS = 30;

export type PendingRequest = {
  id: string;
  key: string;
  name: string;
  requester: { name: string; email: string } | null;
  createdAt: string;
};

/** One calendar day in the viewer's time zone (YYYY-MM-DD) and what happened on it. */
export type ActivityDay = { day: string; signups: number; logins: number };

export type PlatformOverview = {
  pending: { count: number; latest: PendingRequest[] };
  projects: { pending: number; enabled: number; disabled: number };
  users: { total: number; unconfirmed: number; disabled: number };
  /** The last 30 days, oldest first, today last; days without activity hold zeros. */
  activity: ActivityDay[];
  /**
   * Emails not sent (sent_at null). Without SMTP that is every email kept in the outbox;
   * with SMTP, those whose sending failed.
   */
  outbox: { waiting: number; smtp: boolean };
};

const STATUS = { 0: 'pending', 1: 'enabled', 2: 'disabled' } as const;

/** Signups and logins (root's admin sessions not counted) per local day, zero-filled, in one query. */
async function activity(db: Db, timeZone: string): Promise<ActivityDay[]> {
  // Local midnight of the first day, as an instant, so the range filters use created_at as stored.
  const back = sql.raw(String(ACTIVITY_DAYS - 1));
  const rows = await db.execute<{ day: string; signups: number; logins: number }>(sql`
    with bounds as (
      select (now() at time zone ${timeZone})::date as today
    ), since as (
      select ((today - ${back})::timestamp at time zone ${timeZone}) as at, today from bounds
    ), days as (
      select generate_series(today - ${back}, today, interval '1 day')::date as day from since
    ), signups as (
      select (${users.createdAt} at time zone ${timeZone})::date as day, count(*)::int as n
      from ${users} where ${users.createdAt} >= (select at from since) group by 1
    ), logins as (
      select (${sessions.createdAt} at time zone ${timeZone})::date as day, count(*)::int as n
      from ${sessions} where ${sessions.createdAt} >= (select at from since) and ${sessions.parentSessionId} is null group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(signups.n, 0)::int as signups, coalesce(logins.n, 0)::int as logins
    from days left join signups on signups.day = days.day left join logins on logins.day = days.day
    order by days.day`);
  return rows.rows.map((r) => ({ day: r.day, signups: Number(r.signups), logins: Number(r.logins) }));
}

/** What the root overview shows, in a handful of aggregate queries. */
export async function platformOverview(db: Db, timeZone: string): Promise<PlatformOverview> {
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const [latest, byStatus, [people], days, [outbox]] = await Promise.all([
    db
      .select({
        id: projects.id,
        key: projects.key,
        name: projects.name,
        createdAt: projects.createdAt,
        requesterName: users.name,
        requesterEmail: users.email,
      })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.createdBy))
      .where(eq(projects.status, 0))
      .orderBy(desc(projects.createdAt), desc(projects.id))
      .limit(PENDING_SHOWN),
    db.select({ status: projects.status, n: count() }).from(projects).groupBy(projects.status),
    db
      .select({
        total: count(),
        unconfirmed: sql<number>`count(*) filter (where ${users.status} = -1)`.mapWith(Number),
        disabled: sql<number>`count(*) filter (where ${users.disabledAt} is not null)`.mapWith(Number),
      })
      .from(users),
    activity(db, zone),
    db.select({ n: count() }).from(emails).where(isNull(emails.sentAt)),
  ]);
  const projectsByStatus = { pending: 0, enabled: 0, disabled: 0 };
  for (const row of byStatus) {
    const name = STATUS[row.status as keyof typeof STATUS];
    if (name) projectsByStatus[name] = row.n;
  }
  return {
    pending: {
      count: projectsByStatus.pending,
      latest: latest.map((p) => ({
        id: p.id,
        key: p.key,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        requester: p.requesterEmail ? { name: p.requesterName!, email: p.requesterEmail } : null,
      })),
    },
    projects: projectsByStatus,
    users: people,
    activity: days,
    outbox: { waiting: outbox.n, smtp: Boolean(env().SMTP_URL) },
  };
}
