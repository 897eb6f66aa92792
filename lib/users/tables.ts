import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index makes two spellings of one address impossible.
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    timeZone: text('time_zone').notNull().default('UTC'),
    language: text('language'),
    // -1: email not confirmed, 1: confirmed.
    status: smallint('status').notNull().default(-1),
    // Set by root: the user cannot sign in and every session ends. Kept apart from
    // `status` so re-enabling restores the confirmation state as it was.
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    isRoot: boolean('is_root').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_created_at_idx').on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
