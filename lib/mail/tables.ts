import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every email the platform sends. Without SMTP this is the outbox root reads; with SMTP
 * it is the record of what went out (sentAt) or failed (error).
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** What kind of email: confirmation, passwordReset, emailChange, ... */
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    /** The action links inside, so the outbox can show them without parsing HTML. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Insertion order: timestamps tie (the embedded database's clock ticks in milliseconds).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('emails_created_at_idx').on(t.createdAt), index('emails_seq_idx').on(t.seq), index('emails_to_idx').on(t.to)],
);

export type Email = typeof emails.$inferSelect;
