import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Solved captchas, kept until they would have expired anyway, so none is accepted twice. */
export const usedCaptchas = pgTable(
  'used_captchas',
  {
    /** A digest of the solved challenge (never the raw payload). */
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_captchas_expires_idx').on(t.expiresAt)],
);
