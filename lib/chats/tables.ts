import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projects } from '../projects/tables';
import { users } from '../users/tables';

/** A file attached to a message, kept in private storage and served only to those who may read the conversation. */
export type ChatAttachment = { id: string; key: string; name: string; type: string; size: number; width?: number; height?: number };

/**
 * A conversation of a project: a team channel (public to staff holding CHATS__TEAM, or
 * private to its members), a direct conversation between two staff members, or a
 * support conversation between one of the project's users and its staff (CHATS__SUPPORT).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'channel' | 'direct' | 'support'>().notNull(),
    name: text('name'),
    topic: text('topic').notNull().default(''),
    isPrivate: boolean('is_private').notNull().default(false),
    // Direct: the two user ids, sorted and joined, so a pair has one conversation.
    directKey: text('direct_key'),
    // Support: the user who asked, its state and the staff member who took it.
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'resolved'>(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The newest message's seq: lists sort by it and unread counts compare against it.
    lastMessageSeq: bigint('last_message_seq', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_conversations_project_idx').on(t.projectId, t.kind),
    uniqueIndex('chat_conversations_channel_name_key')
      .on(t.projectId, sql`lower(${t.name})`)
      .where(sql`${t.kind} = 'channel'`),
    uniqueIndex('chat_conversations_direct_key')
      .on(t.projectId, t.directKey)
      .where(sql`${t.kind} = 'direct'`),
    uniqueIndex('chat_conversations_support_key')
      .on(t.projectId, t.customerId)
      .where(sql`${t.kind} = 'support'`),
  ],
);

/** Who may read a private channel or a direct conversation (public channels and support follow permissions). */
export const chatMembers = pgTable(
  'chat_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/** How far each reader has read a conversation: unread = messages after this seq by others. */
export const chatReads = pgTable(
  'chat_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index('chat_reads_user_idx').on(t.userId)],
);

/**
 * Each project's message counter. Message seqs count per project, not across the platform:
 * a global number would show any client how much every other project writes.
 */
export const chatCounters = pgTable('chat_counters', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Order and cursors: timestamps tie (the embedded database's clock ticks in milliseconds).
    // The project's next number, set on insert by the chat_messages_project_seq trigger
    // (drizzle/0005) from chat_counters, whoever inserts: the counter row stays locked
    // until commit, so within a project seq order is commit order. The default is never kept.
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    attachments: jsonb('attachments').$type<ChatAttachment[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The sending client's key for the message: a retried send finds it instead of making another (drizzle/0026). */
    clientKey: text('client_key'),
  },
  (t) => [
    uniqueIndex('chat_messages_project_seq_key').on(t.projectId, t.seq),
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('chat_messages_client_key_idx')
      .on(t.conversationId, t.authorId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

export type ChatConversation = typeof chatConversations.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
