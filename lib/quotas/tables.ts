import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * Bytes of chat attachments each project and each author holds. Kept by the
 * chat_messages_storage_usage trigger (drizzle/0006) on every insert, change and delete of a
 * message, whoever writes it, so no code path can store files without being counted. The
 * upsert also locks the rows until commit: two uploads of one project or user take turns.
 */
export const storageUsage = pgTable(
  'storage_usage',
  {
    ownerKind: text('owner_kind').$type<'project' | 'user'>().notNull(),
    // A project's or a user's id (no foreign key: one column names either).
    ownerId: uuid('owner_id').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId] }), check('storage_usage_owner_kind_check', sql`${t.ownerKind} in ('project', 'user')`)],
);
