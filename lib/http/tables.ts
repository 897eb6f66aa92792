import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window counters shared by every instance on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
