import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';

/**
 * One access event of a project: a page view or an API call. Rows (raw address included)
 * live only as long as the project's retention; the sweep deletes them whole.
 */
export const eventLogs = pgTable(
  'event_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<'page' | 'api'>().notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    // No foreign key: an event outlives neither its retention nor needs its user; the
    // visitor column already says who it was for counting.
    userId: uuid('user_id'),
    /** `u:<user id>` for members, else `a:<hash of address, user agent and local day>`. */
    visitor: text('visitor').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    referrer: text('referrer').notNull().default(''),
  },
  (t) => [index('event_logs_project_at_idx').on(t.projectId, t.at), check('event_logs_kind_check', sql`${t.kind} in ('page', 'api')`)],
);

/** Per-project settings of the extension; a project without a row keeps the default retention. */
export const eventLogSettings = pgTable(
  'event_log_settings',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    retentionDays: integer('retention_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('event_log_settings_retention_check', sql`${t.retentionDays} between 1 and 365`)],
);

export type EventLog = typeof eventLogs.$inferSelect;
export type NewEventLog = typeof eventLogs.$inferInsert;
