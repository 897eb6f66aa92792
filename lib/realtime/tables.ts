import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sessions } from '../auth/tables';
import { users } from '../users/tables';

/**
 * Single-use tickets a browser trades its cookie for, to open the socket: a cookie
 * cannot go in a WebSocket URL, and a ticket in a URL (and in logs) is worth nothing a
 * minute later or once used. Kept in the database so any server instance accepts it.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('socket_tickets_hash_key').on(t.tokenHash), index('socket_tickets_expires_idx').on(t.expiresAt)],
);

/** Events too large for a PostgreSQL notification (8000 bytes): the notification carries the row's id. */
export const realtimeSpill = pgTable('realtime_spill', {
  id: uuid('id').primaryKey().defaultRandom(),
  envelope: jsonb('envelope').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
