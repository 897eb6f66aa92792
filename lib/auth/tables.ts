import { index, jsonb, pgTable, type AnyPgColumn, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles, projects } from '../projects/tables';
import { users } from '../users/tables';

/** A signed-in device. The refresh token is stored only as a hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    // The token this one replaced, kept for the short grace window of concurrent refreshes.
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    // The current refresh token sealed with the previous one as key: a tab that refreshes
    // with the previous token inside the grace window gets the same current token back.
    nextTokenSealed: text('next_token_sealed'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    // Root acting as a project's admin: the root's own session this one returns to.
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_previous_token_hash_idx').on(t.previousTokenHash),
    index('sessions_user_idx').on(t.userId),
    // The root overview counts sign-ins per day.
    index('sessions_created_at_idx').on(t.createdAt),
  ],
);

/** Single-use tokens sent by email: confirmation, password reset, invitations. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);
